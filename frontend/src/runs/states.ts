// The groups of run states, as the API's OpenAPI document carries them (contract/run_state.py
// STATE_GROUPS, added to the document by backend/api/constants.py): never written here by hand;
// tests/infra/test_state_groups.py fails on a list of states written anywhere in the browser.
import { ActiveRunStateSchema, BeforeLoadRunStateSchema, InProgressRunStateSchema, RunStateSchema, StoppedRunStateSchema, TerminalRunStateSchema } from "../client/schemas.gen";
import type { ActiveRunState, InProgressRunState, RunState } from "../client/types.gen";

/** Every state, queued first, then the phases, then the ends. */
export const RUN_STATES: readonly RunState[] = RunStateSchema.enum;
/** Ended: nothing will change the run's state again. */
export const TERMINAL: ReadonlySet<RunState> = new Set<RunState>(TerminalRunStateSchema.enum);
/** Not ended yet: waiting for its lab or holding it (queued first, then the phases). */
export const IN_PROGRESS_STATES: readonly InProgressRunState[] = InProgressRunStateSchema.enum;
/** Before the load starts: waiting for its lab or preparing it. */
export const BEFORE_LOAD: ReadonlySet<RunState> = new Set<RunState>(BeforeLoadRunStateSchema.enum);
/** Ended by a fault or a cancel, before collect could end it. */
export const STOPPED: ReadonlySet<RunState> = new Set<RunState>(StoppedRunStateSchema.enum);

/** A phase of a run: a state that holds the lab, in the order a run goes through them. */
export type Phase = ActiveRunState;
export const PHASES: readonly Phase[] = ActiveRunStateSchema.enum;
