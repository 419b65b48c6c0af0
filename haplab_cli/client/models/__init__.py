"""Contains all the data models used in inputs/outputs"""

from .active_run_state import ActiveRunState
from .agent_address import AgentAddress
from .agent_environment import AgentEnvironment
from .agent_message_envelope import AgentMessageEnvelope
from .agent_out import AgentOut
from .agent_out_status import AgentOutStatus
from .analysis_point import AnalysisPoint
from .analysis_point_bound_type_0 import AnalysisPointBoundType0
from .analysis_point_params import AnalysisPointParams
from .applied_link_shaping import AppliedLinkShaping
from .applied_qdisc import AppliedQdisc
from .apply_proxy_config import ApplyProxyConfig
from .apply_proxy_config_files import ApplyProxyConfigFiles
from .asked_load import AskedLoad
from .await_load import AwaitLoad
from .backend import Backend
from .backend_balance_type_0 import BackendBalanceType0
from .backend_http_reuse_type_0 import BackendHttpReuseType0
from .backend_mode_type_0 import BackendModeType0
from .backend_options_item import BackendOptionsItem
from .backend_timeouts import BackendTimeouts
from .baseline_out import BaselineOut
from .baseline_out_params import BaselineOutParams
from .baseline_out_pinned_from import BaselineOutPinnedFrom
from .baseline_pin import BaselinePin
from .before_load_run_state import BeforeLoadRunState
from .bind import Bind
from .bind_tls import BindTls
from .bind_tls_alpn_item import BindTlsAlpnItem
from .bound_finding import BoundFinding
from .bound_finding_kind import BoundFindingKind
from .boundary_entries import BoundaryEntries
from .boundary_entry import BoundaryEntry
from .boundary_view import BoundaryView
from .capabilities import Capabilities
from .capabilities_driver_versions import CapabilitiesDriverVersions
from .capabilities_sysctls import CapabilitiesSysctls
from .capabilities_tools import CapabilitiesTools
from .capacity_search import CapacitySearch
from .capacity_search_method import CapacitySearchMethod
from .capacity_search_vary import CapacitySearchVary
from .caveat import Caveat
from .caveat_kind import CaveatKind
from .change_difference import ChangeDifference
from .change_out import ChangeOut
from .change_out_params import ChangeOutParams
from .change_out_status import ChangeOutStatus
from .change_page import ChangePage
from .change_status_update import ChangeStatusUpdate
from .change_status_update_status import ChangeStatusUpdateStatus
from .changes_list_changes_status_type_0 import ChangesListChangesStatusType0
from .check import Check
from .check_error import CheckError
from .clock_echo import ClockEcho
from .clock_measurement import ClockMeasurement
from .clock_probe import ClockProbe
from .clone_request import CloneRequest
from .command_result import CommandResult
from .compare_point import ComparePoint
from .compare_point_metrics import ComparePointMetrics
from .compare_point_params import ComparePointParams
from .compare_point_vs_baseline_type_0 import ComparePointVsBaselineType0
from .compare_points import ComparePoints
from .compare_row import CompareRow
from .compare_row_change_pct_type_0 import CompareRowChangePctType0
from .compare_row_metrics import CompareRowMetrics
from .compare_row_params import CompareRowParams
from .compare_series import CompareSeries
from .compare_setups import CompareSetups
from .compare_spectra import CompareSpectra
from .compare_table import CompareTable
from .compare_timers import CompareTimers
from .compare_timers_percentile import CompareTimersPercentile
from .compare_timers_timer import CompareTimersTimer
from .compare_timers_timers import CompareTimersTimers
from .completeness import Completeness
from .completeness_totals_from import CompletenessTotalsFrom
from .config_check import ConfigCheck
from .config_warning import ConfigWarning
from .cron_preview import CronPreview
from .cron_preview_request import CronPreviewRequest
from .database_started import DatabaseStarted
from .defaults import Defaults
from .defaults_mode import DefaultsMode
from .defaults_options_item import DefaultsOptionsItem
from .delivery_out import DeliveryOut
from .delivery_out_payload import DeliveryOutPayload
from .delivery_out_status import DeliveryOutStatus
from .description_check import DescriptionCheck
from .description_check_request import DescriptionCheckRequest
from .description_check_request_spec import DescriptionCheckRequestSpec
from .done import Done
from .drain import Drain
from .end_event import EndEvent
from .endpoint import Endpoint
from .enroll_request import EnrollRequest
from .enroll_request_roles_item import EnrollRequestRolesItem
from .enroll_response import EnrollResponse
from .enrollment_token_create import EnrollmentTokenCreate
from .enrollment_token_create_roles_item import EnrollmentTokenCreateRolesItem
from .enrollment_token_created import EnrollmentTokenCreated
from .enrollment_token_out import EnrollmentTokenOut
from .envelope import Envelope
from .environment_reference import EnvironmentReference
from .error_body import ErrorBody
from .error_counts import ErrorCounts
from .evidence import Evidence
from .experiment_create import ExperimentCreate
from .experiment_create_experiment_spec import ExperimentCreateExperimentSpec
from .experiment_detail import ExperimentDetail
from .experiment_page import ExperimentPage
from .experiment_patch import ExperimentPatch
from .experiment_spec import ExperimentSpec
from .experiment_summary import ExperimentSummary
from .experiment_trend import ExperimentTrend
from .experiment_trend_params import ExperimentTrendParams
from .external_target import ExternalTarget
from .field_error import FieldError
from .file_reference import FileReference
from .firing_out import FiringOut
from .firing_out_outcome import FiringOutOutcome
from .frontend import Frontend
from .frontend_mode_type_0 import FrontendModeType0
from .frontend_options_item import FrontendOptionsItem
from .frontend_timeouts import FrontendTimeouts
from .global_ import Global
from .global_log_type_0 import GlobalLogType0
from .ha_proxy_config import HAProxyConfig
from .haproxy_check import HaproxyCheck
from .health import Health
from .health_checks import HealthChecks
from .health_status import HealthStatus
from .heartbeat import Heartbeat
from .hello import Hello
from .hello_envelope import HelloEnvelope
from .hello_response import HelloResponse
from .hello_roles_item import HelloRolesItem
from .hold_samples import HoldSamples
from .host_identity import HostIdentity
from .host_sampling import HostSampling
from .hosts_resolved import HostsResolved
from .hosts_resolved_addresses import HostsResolvedAddresses
from .http_check import HttpCheck
from .http_check_method import HttpCheckMethod
from .http_validation_error import HTTPValidationError
from .import_answer import ImportAnswer
from .import_report import ImportReport
from .import_report_counts import ImportReportCounts
from .import_request import ImportRequest
from .import_request_environment import ImportRequestEnvironment
from .import_request_files import ImportRequestFiles
from .import_request_target import ImportRequestTarget
from .in_progress_run_state import InProgressRunState
from .injector_share import InjectorShare
from .injector_share_per_injector import InjectorSharePerInjector
from .injector_summary import InjectorSummary
from .injector_summary_driver import InjectorSummaryDriver
from .injector_summary_start_source_type_0 import InjectorSummaryStartSourceType0
from .injector_summary_window_source_type_0 import InjectorSummaryWindowSourceType0
from .knee import Knee
from .knee_params_type_0 import KneeParamsType0
from .knee_reason import KneeReason
from .lab_create import LabCreate
from .lab_create_settings import LabCreateSettings
from .lab_detail import LabDetail
from .lab_mapping import LabMapping
from .lab_mapping_kind import LabMappingKind
from .lab_settings import LabSettings
from .lab_settings_injector_weights_type_0 import LabSettingsInjectorWeightsType0
from .lab_summary import LabSummary
from .lab_update import LabUpdate
from .lab_update_settings_type_0 import LabUpdateSettingsType0
from .latency_percentiles import LatencyPercentiles
from .launch_capacity import LaunchCapacity
from .launch_detail import LaunchDetail
from .launch_detail_outcome import LaunchDetailOutcome
from .launch_detail_overrides import LaunchDetailOverrides
from .launch_detail_run_states import LaunchDetailRunStates
from .launch_request import LaunchRequest
from .launch_request_overrides import LaunchRequestOverrides
from .lease_renewed import LeaseRenewed
from .line_fate import LineFate
from .line_fate_fate import LineFateFate
from .link_cap import LinkCap
from .link_shaping import LinkShaping
from .linked_path import LinkedPath
from .links_shaped import LinksShaped
from .listen import Listen
from .listen_balance_type_0 import ListenBalanceType0
from .listen_http_reuse_type_0 import ListenHttpReuseType0
from .listen_mode_type_0 import ListenModeType0
from .listen_options_item import ListenOptionsItem
from .littles_law import LittlesLaw
from .live_end import LiveEnd
from .live_sample import LiveSample
from .live_sample_data import LiveSampleData
from .live_state import LiveState
from .load_finished import LoadFinished
from .load_profile import LoadProfile
from .load_profile_driver import LoadProfileDriver
from .load_profile_headers import LoadProfileHeaders
from .load_profile_http_version import LoadProfileHttpVersion
from .load_profile_method import LoadProfileMethod
from .load_profile_per_injector import LoadProfilePerInjector
from .load_profile_via import LoadProfileVia
from .load_run_state import LoadRunState
from .load_stage import LoadStage
from .load_started import LoadStarted
from .load_stopped import LoadStopped
from .load_totals import LoadTotals
from .load_totals_window_source_type_0 import LoadTotalsWindowSourceType0
from .login_request import LoginRequest
from .managed_database import ManagedDatabase
from .managed_target import ManagedTarget
from .managed_target_protocol import ManagedTargetProtocol
from .measured_run_state import MeasuredRunState
from .member_add import MemberAdd
from .member_out import MemberOut
from .member_update import MemberUpdate
from .message_accepted import MessageAccepted
from .metric import Metric
from .metric_against_baseline import MetricAgainstBaseline
from .metric_against_baseline_better_type_0 import MetricAgainstBaselineBetterType0
from .metric_aggregate_type_0 import MetricAggregateType0
from .metric_better_type_0 import MetricBetterType0
from .metric_registry import MetricRegistry
from .metric_source import MetricSource
from .mysql_check import MysqlCheck
from .note_create import NoteCreate
from .note_out import NoteOut
from .open_files_limit import OpenFilesLimit
from .open_loop_stats import OpenLoopStats
from .owner import Owner
from .phase_band import PhaseBand
from .phase_band_sums_ms import PhaseBandSumsMs
from .phase_meaning import PhaseMeaning
from .phase_meaning_key import PhaseMeaningKey
from .phase_split import PhaseSplit
from .phase_split_phases import PhaseSplitPhases
from .point_capacity import PointCapacity
from .point_capacity_params import PointCapacityParams
from .point_difference import PointDifference
from .point_threshold_result import PointThresholdResult
from .point_threshold_result_params import PointThresholdResultParams
from .point_threshold_result_reference_params_type_0 import (
    PointThresholdResultReferenceParamsType0,
)
from .probe_load import ProbeLoad
from .probe_run import ProbeRun
from .proxy_sampling import ProxySampling
from .proxy_started import ProxyStarted
from .proxy_summary import ProxySummary
from .proxy_summary_mode_type_0 import ProxySummaryModeType0
from .renew_lease import RenewLease
from .request_timers import RequestTimers
from .request_timers_mode import RequestTimersMode
from .request_timers_scopes import RequestTimersScopes
from .request_timers_scopes_additional_property import (
    RequestTimersScopesAdditionalProperty,
)
from .request_timers_settings import RequestTimersSettings
from .request_timers_states import RequestTimersStates
from .request_timers_unset_by_state import RequestTimersUnsetByState
from .request_timers_unset_by_state_additional_property import (
    RequestTimersUnsetByStateAdditionalProperty,
)
from .resolve_hosts import ResolveHosts
from .role import Role
from .run_against_baseline import RunAgainstBaseline
from .run_cancelled import RunCancelled
from .run_counts import RunCounts
from .run_detail import RunDetail
from .run_detail_bound_type_0 import RunDetailBoundType0
from .run_detail_command_lines import RunDetailCommandLines
from .run_detail_params import RunDetailParams
from .run_environment import RunEnvironment
from .run_environment_agents import RunEnvironmentAgents
from .run_environment_resolved_hosts import RunEnvironmentResolvedHosts
from .run_figures import RunFigures
from .run_launched import RunLaunched
from .run_outcome import RunOutcome
from .run_outcome_kind import RunOutcomeKind
from .run_outcome_tone import RunOutcomeTone
from .run_page import RunPage
from .run_queue import RunQueue
from .run_sample_columns import RunSampleColumns
from .run_sample_columns_sources import RunSampleColumnsSources
from .run_samples import RunSamples
from .run_samples_sources import RunSamplesSources
from .run_schedule import RunSchedule
from .run_series import RunSeries
from .run_setup import RunSetup
from .run_slim import RunSlim
from .run_slim_bound_type_0 import RunSlimBoundType0
from .run_slim_params import RunSlimParams
from .run_spectrum import RunSpectrum
from .run_spectrum_source import RunSpectrumSource
from .run_state import RunState
from .run_summary import RunSummary
from .run_timer_series import RunTimerSeries
from .run_timers import RunTimers
from .run_timers_mode_type_0 import RunTimersModeType0
from .run_timers_state_counts import RunTimersStateCounts
from .run_timers_timers import RunTimersTimers
from .run_verdict import RunVerdict
from .run_verdict_kind import RunVerdictKind
from .runs_compare_runs_timers_percentile import RunsCompareRunsTimersPercentile
from .runs_compare_runs_timers_timer import RunsCompareRunsTimersTimer
from .runs_get_trends_metric import RunsGetTrendsMetric
from .runs_list_runs_direction_type_0 import RunsListRunsDirectionType0
from .runs_list_runs_order import RunsListRunsOrder
from .runs_list_runs_sort import RunsListRunsSort
from .runs_list_runs_thresholds_type_0 import RunsListRunsThresholdsType0
from .sample_batch import SampleBatch
from .sample_event import SampleEvent
from .sample_out import SampleOut
from .sample_out_data import SampleOutData
from .sample_point import SamplePoint
from .sample_point_data import SamplePointData
from .sample_series import SampleSeries
from .sample_series_source import SampleSeriesSource
from .samples_sent import SamplesSent
from .sampling_started import SamplingStarted
from .schedule_create import ScheduleCreate
from .schedule_create_if_lab_busy import ScheduleCreateIfLabBusy
from .schedule_create_if_previous_running import ScheduleCreateIfPreviousRunning
from .schedule_create_overrides import ScheduleCreateOverrides
from .schedule_detail import ScheduleDetail
from .schedule_detail_if_lab_busy import ScheduleDetailIfLabBusy
from .schedule_detail_if_previous_running import ScheduleDetailIfPreviousRunning
from .schedule_detail_overrides import ScheduleDetailOverrides
from .schedule_out import ScheduleOut
from .schedule_out_if_lab_busy import ScheduleOutIfLabBusy
from .schedule_out_if_previous_running import ScheduleOutIfPreviousRunning
from .schedule_out_overrides import ScheduleOutOverrides
from .schedule_update import ScheduleUpdate
from .schedule_update_if_lab_busy_type_0 import ScheduleUpdateIfLabBusyType0
from .schedule_update_if_previous_running_type_0 import (
    ScheduleUpdateIfPreviousRunningType0,
)
from .schedule_update_overrides_type_0 import ScheduleUpdateOverridesType0
from .search_answer import SearchAnswer
from .search_figure import SearchFigure
from .search_outcome import SearchOutcome
from .search_run import SearchRun
from .send_samples_now import SendSamplesNow
from .series_key import SeriesKey
from .server import Server
from .server_check import ServerCheck
from .server_error_body import ServerErrorBody
from .server_options import ServerOptions
from .server_tls import ServerTls
from .server_tls_alpn_item import ServerTlsAlpnItem
from .server_tls_verify import ServerTlsVerify
from .session_info import SessionInfo
from .session_info_via import SessionInfoVia
from .session_user import SessionUser
from .shape_links import ShapeLinks
from .shaping_offer import ShapingOffer
from .shared_machine import SharedMachine
from .source_columns import SourceColumns
from .source_columns_max_type_0 import SourceColumnsMaxType0
from .source_columns_min_type_0 import SourceColumnsMinType0
from .source_columns_values import SourceColumnsValues
from .spec_difference import SpecDifference
from .spread import Spread
from .sql_access import SqlAccess
from .sql_benchmark import SqlBenchmark
from .sql_workload import SqlWorkload
from .stage_result import StageResult
from .stage_result_kind import StageResultKind
from .start_database import StartDatabase
from .start_load import StartLoad
from .start_sampling import StartSampling
from .start_targets import StartTargets
from .state_event import StateEvent
from .stop_load import StopLoad
from .stopped_run_state import StoppedRunState
from .sweep import Sweep
from .sweep_analysis import SweepAnalysis
from .sweep_axis import SweepAxis
from .switch_team_request import SwitchTeamRequest
from .targets_started import TargetsStarted
from .tcp_check import TcpCheck
from .team_create import TeamCreate
from .team_out import TeamOut
from .team_with_role import TeamWithRole
from .teardown import Teardown
from .template import Template
from .template_requirements import TemplateRequirements
from .template_requirements_roles_item import TemplateRequirementsRolesItem
from .template_requirements_target import TemplateRequirementsTarget
from .terminal_run_state import TerminalRunState
from .termination_state import TerminationState
from .termination_state_group import TerminationStateGroup
from .threshold import Threshold
from .threshold_aggregate import ThresholdAggregate
from .threshold_host_type_0 import ThresholdHostType0
from .threshold_operator import ThresholdOperator
from .threshold_per_point_type_0 import ThresholdPerPointType0
from .threshold_relative_to_point import ThresholdRelativeToPoint
from .threshold_report import ThresholdReport
from .threshold_result import ThresholdResult
from .threshold_when import ThresholdWhen
from .timeouts import Timeouts
from .timer_meaning import TimerMeaning
from .timer_meaning_key import TimerMeaningKey
from .timer_percentiles import TimerPercentiles
from .timer_second import TimerSecond
from .timer_second_histograms import TimerSecondHistograms
from .timer_second_histograms_additional_property import (
    TimerSecondHistogramsAdditionalProperty,
)
from .timer_second_states import TimerSecondStates
from .timer_second_states_additional_property import TimerSecondStatesAdditionalProperty
from .timer_second_unset import TimerSecondUnset
from .timer_second_unset_additional_property import TimerSecondUnsetAdditionalProperty
from .timer_stats import TimerStats
from .tls_credentials import TlsCredentials
from .token_create import TokenCreate
from .token_created import TokenCreated
from .token_out import TokenOut
from .tool_cpu import ToolCpu
from .torn_down import TornDown
from .trend_point import TrendPoint
from .trends import Trends
from .trends_metric import TrendsMetric
from .validate_request import ValidateRequest
from .validate_request_experiment_spec import ValidateRequestExperimentSpec
from .validation_error import ValidationError
from .validation_error_context import ValidationErrorContext
from .validation_refused import ValidationRefused
from .validation_report import ValidationReport
from .version_create import VersionCreate
from .version_create_experiment_spec import VersionCreateExperimentSpec
from .version_detail import VersionDetail
from .version_summary import VersionSummary
from .webhook_create import WebhookCreate
from .webhook_create_events_item import WebhookCreateEventsItem
from .webhook_create_payload_format import WebhookCreatePayloadFormat
from .webhook_created import WebhookCreated
from .webhook_out import WebhookOut

__all__ = (
    "ActiveRunState",
    "AgentAddress",
    "AgentEnvironment",
    "AgentMessageEnvelope",
    "AgentOut",
    "AgentOutStatus",
    "AnalysisPoint",
    "AnalysisPointBoundType0",
    "AnalysisPointParams",
    "AppliedLinkShaping",
    "AppliedQdisc",
    "ApplyProxyConfig",
    "ApplyProxyConfigFiles",
    "AskedLoad",
    "AwaitLoad",
    "Backend",
    "BackendBalanceType0",
    "BackendHttpReuseType0",
    "BackendModeType0",
    "BackendOptionsItem",
    "BackendTimeouts",
    "BaselineOut",
    "BaselineOutParams",
    "BaselineOutPinnedFrom",
    "BaselinePin",
    "BeforeLoadRunState",
    "Bind",
    "BindTls",
    "BindTlsAlpnItem",
    "BoundFinding",
    "BoundFindingKind",
    "BoundaryEntries",
    "BoundaryEntry",
    "BoundaryView",
    "Capabilities",
    "CapabilitiesDriverVersions",
    "CapabilitiesSysctls",
    "CapabilitiesTools",
    "CapacitySearch",
    "CapacitySearchMethod",
    "CapacitySearchVary",
    "Caveat",
    "CaveatKind",
    "ChangeDifference",
    "ChangeOut",
    "ChangeOutParams",
    "ChangeOutStatus",
    "ChangePage",
    "ChangeStatusUpdate",
    "ChangeStatusUpdateStatus",
    "ChangesListChangesStatusType0",
    "Check",
    "CheckError",
    "ClockEcho",
    "ClockMeasurement",
    "ClockProbe",
    "CloneRequest",
    "CommandResult",
    "ComparePoint",
    "ComparePointMetrics",
    "ComparePointParams",
    "ComparePointVsBaselineType0",
    "ComparePoints",
    "CompareRow",
    "CompareRowChangePctType0",
    "CompareRowMetrics",
    "CompareRowParams",
    "CompareSeries",
    "CompareSetups",
    "CompareSpectra",
    "CompareTable",
    "CompareTimers",
    "CompareTimersPercentile",
    "CompareTimersTimer",
    "CompareTimersTimers",
    "Completeness",
    "CompletenessTotalsFrom",
    "ConfigCheck",
    "ConfigWarning",
    "CronPreview",
    "CronPreviewRequest",
    "DatabaseStarted",
    "Defaults",
    "DefaultsMode",
    "DefaultsOptionsItem",
    "DeliveryOut",
    "DeliveryOutPayload",
    "DeliveryOutStatus",
    "DescriptionCheck",
    "DescriptionCheckRequest",
    "DescriptionCheckRequestSpec",
    "Done",
    "Drain",
    "EndEvent",
    "Endpoint",
    "EnrollRequest",
    "EnrollRequestRolesItem",
    "EnrollResponse",
    "EnrollmentTokenCreate",
    "EnrollmentTokenCreateRolesItem",
    "EnrollmentTokenCreated",
    "EnrollmentTokenOut",
    "Envelope",
    "EnvironmentReference",
    "ErrorBody",
    "ErrorCounts",
    "Evidence",
    "ExperimentCreate",
    "ExperimentCreateExperimentSpec",
    "ExperimentDetail",
    "ExperimentPage",
    "ExperimentPatch",
    "ExperimentSpec",
    "ExperimentSummary",
    "ExperimentTrend",
    "ExperimentTrendParams",
    "ExternalTarget",
    "FieldError",
    "FileReference",
    "FiringOut",
    "FiringOutOutcome",
    "Frontend",
    "FrontendModeType0",
    "FrontendOptionsItem",
    "FrontendTimeouts",
    "Global",
    "GlobalLogType0",
    "HAProxyConfig",
    "HTTPValidationError",
    "HaproxyCheck",
    "Health",
    "HealthChecks",
    "HealthStatus",
    "Heartbeat",
    "Hello",
    "HelloEnvelope",
    "HelloResponse",
    "HelloRolesItem",
    "HoldSamples",
    "HostIdentity",
    "HostSampling",
    "HostsResolved",
    "HostsResolvedAddresses",
    "HttpCheck",
    "HttpCheckMethod",
    "ImportAnswer",
    "ImportReport",
    "ImportReportCounts",
    "ImportRequest",
    "ImportRequestEnvironment",
    "ImportRequestFiles",
    "ImportRequestTarget",
    "InProgressRunState",
    "InjectorShare",
    "InjectorSharePerInjector",
    "InjectorSummary",
    "InjectorSummaryDriver",
    "InjectorSummaryStartSourceType0",
    "InjectorSummaryWindowSourceType0",
    "Knee",
    "KneeParamsType0",
    "KneeReason",
    "LabCreate",
    "LabCreateSettings",
    "LabDetail",
    "LabMapping",
    "LabMappingKind",
    "LabSettings",
    "LabSettingsInjectorWeightsType0",
    "LabSummary",
    "LabUpdate",
    "LabUpdateSettingsType0",
    "LatencyPercentiles",
    "LaunchCapacity",
    "LaunchDetail",
    "LaunchDetailOutcome",
    "LaunchDetailOverrides",
    "LaunchDetailRunStates",
    "LaunchRequest",
    "LaunchRequestOverrides",
    "LeaseRenewed",
    "LineFate",
    "LineFateFate",
    "LinkCap",
    "LinkShaping",
    "LinkedPath",
    "LinksShaped",
    "Listen",
    "ListenBalanceType0",
    "ListenHttpReuseType0",
    "ListenModeType0",
    "ListenOptionsItem",
    "LittlesLaw",
    "LiveEnd",
    "LiveSample",
    "LiveSampleData",
    "LiveState",
    "LoadFinished",
    "LoadProfile",
    "LoadProfileDriver",
    "LoadProfileHeaders",
    "LoadProfileHttpVersion",
    "LoadProfileMethod",
    "LoadProfilePerInjector",
    "LoadProfileVia",
    "LoadRunState",
    "LoadStage",
    "LoadStarted",
    "LoadStopped",
    "LoadTotals",
    "LoadTotalsWindowSourceType0",
    "LoginRequest",
    "ManagedDatabase",
    "ManagedTarget",
    "ManagedTargetProtocol",
    "MeasuredRunState",
    "MemberAdd",
    "MemberOut",
    "MemberUpdate",
    "MessageAccepted",
    "Metric",
    "MetricAgainstBaseline",
    "MetricAgainstBaselineBetterType0",
    "MetricAggregateType0",
    "MetricBetterType0",
    "MetricRegistry",
    "MetricSource",
    "MysqlCheck",
    "NoteCreate",
    "NoteOut",
    "OpenFilesLimit",
    "OpenLoopStats",
    "Owner",
    "PhaseBand",
    "PhaseBandSumsMs",
    "PhaseMeaning",
    "PhaseMeaningKey",
    "PhaseSplit",
    "PhaseSplitPhases",
    "PointCapacity",
    "PointCapacityParams",
    "PointDifference",
    "PointThresholdResult",
    "PointThresholdResultParams",
    "PointThresholdResultReferenceParamsType0",
    "ProbeLoad",
    "ProbeRun",
    "ProxySampling",
    "ProxyStarted",
    "ProxySummary",
    "ProxySummaryModeType0",
    "RenewLease",
    "RequestTimers",
    "RequestTimersMode",
    "RequestTimersScopes",
    "RequestTimersScopesAdditionalProperty",
    "RequestTimersSettings",
    "RequestTimersStates",
    "RequestTimersUnsetByState",
    "RequestTimersUnsetByStateAdditionalProperty",
    "ResolveHosts",
    "Role",
    "RunAgainstBaseline",
    "RunCancelled",
    "RunCounts",
    "RunDetail",
    "RunDetailBoundType0",
    "RunDetailCommandLines",
    "RunDetailParams",
    "RunEnvironment",
    "RunEnvironmentAgents",
    "RunEnvironmentResolvedHosts",
    "RunFigures",
    "RunLaunched",
    "RunOutcome",
    "RunOutcomeKind",
    "RunOutcomeTone",
    "RunPage",
    "RunQueue",
    "RunSampleColumns",
    "RunSampleColumnsSources",
    "RunSamples",
    "RunSamplesSources",
    "RunSchedule",
    "RunSeries",
    "RunSetup",
    "RunSlim",
    "RunSlimBoundType0",
    "RunSlimParams",
    "RunSpectrum",
    "RunSpectrumSource",
    "RunState",
    "RunSummary",
    "RunTimerSeries",
    "RunTimers",
    "RunTimersModeType0",
    "RunTimersStateCounts",
    "RunTimersTimers",
    "RunVerdict",
    "RunVerdictKind",
    "RunsCompareRunsTimersPercentile",
    "RunsCompareRunsTimersTimer",
    "RunsGetTrendsMetric",
    "RunsListRunsDirectionType0",
    "RunsListRunsOrder",
    "RunsListRunsSort",
    "RunsListRunsThresholdsType0",
    "SampleBatch",
    "SampleEvent",
    "SampleOut",
    "SampleOutData",
    "SamplePoint",
    "SamplePointData",
    "SampleSeries",
    "SampleSeriesSource",
    "SamplesSent",
    "SamplingStarted",
    "ScheduleCreate",
    "ScheduleCreateIfLabBusy",
    "ScheduleCreateIfPreviousRunning",
    "ScheduleCreateOverrides",
    "ScheduleDetail",
    "ScheduleDetailIfLabBusy",
    "ScheduleDetailIfPreviousRunning",
    "ScheduleDetailOverrides",
    "ScheduleOut",
    "ScheduleOutIfLabBusy",
    "ScheduleOutIfPreviousRunning",
    "ScheduleOutOverrides",
    "ScheduleUpdate",
    "ScheduleUpdateIfLabBusyType0",
    "ScheduleUpdateIfPreviousRunningType0",
    "ScheduleUpdateOverridesType0",
    "SearchAnswer",
    "SearchFigure",
    "SearchOutcome",
    "SearchRun",
    "SendSamplesNow",
    "SeriesKey",
    "Server",
    "ServerCheck",
    "ServerErrorBody",
    "ServerOptions",
    "ServerTls",
    "ServerTlsAlpnItem",
    "ServerTlsVerify",
    "SessionInfo",
    "SessionInfoVia",
    "SessionUser",
    "ShapeLinks",
    "ShapingOffer",
    "SharedMachine",
    "SourceColumns",
    "SourceColumnsMaxType0",
    "SourceColumnsMinType0",
    "SourceColumnsValues",
    "SpecDifference",
    "Spread",
    "SqlAccess",
    "SqlBenchmark",
    "SqlWorkload",
    "StageResult",
    "StageResultKind",
    "StartDatabase",
    "StartLoad",
    "StartSampling",
    "StartTargets",
    "StateEvent",
    "StopLoad",
    "StoppedRunState",
    "Sweep",
    "SweepAnalysis",
    "SweepAxis",
    "SwitchTeamRequest",
    "TargetsStarted",
    "TcpCheck",
    "TeamCreate",
    "TeamOut",
    "TeamWithRole",
    "Teardown",
    "Template",
    "TemplateRequirements",
    "TemplateRequirementsRolesItem",
    "TemplateRequirementsTarget",
    "TerminalRunState",
    "TerminationState",
    "TerminationStateGroup",
    "Threshold",
    "ThresholdAggregate",
    "ThresholdHostType0",
    "ThresholdOperator",
    "ThresholdPerPointType0",
    "ThresholdRelativeToPoint",
    "ThresholdReport",
    "ThresholdResult",
    "ThresholdWhen",
    "Timeouts",
    "TimerMeaning",
    "TimerMeaningKey",
    "TimerPercentiles",
    "TimerSecond",
    "TimerSecondHistograms",
    "TimerSecondHistogramsAdditionalProperty",
    "TimerSecondStates",
    "TimerSecondStatesAdditionalProperty",
    "TimerSecondUnset",
    "TimerSecondUnsetAdditionalProperty",
    "TimerStats",
    "TlsCredentials",
    "TokenCreate",
    "TokenCreated",
    "TokenOut",
    "ToolCpu",
    "TornDown",
    "TrendPoint",
    "Trends",
    "TrendsMetric",
    "ValidateRequest",
    "ValidateRequestExperimentSpec",
    "ValidationError",
    "ValidationErrorContext",
    "ValidationRefused",
    "ValidationReport",
    "VersionCreate",
    "VersionCreateExperimentSpec",
    "VersionDetail",
    "VersionSummary",
    "WebhookCreate",
    "WebhookCreateEventsItem",
    "WebhookCreatePayloadFormat",
    "WebhookCreated",
    "WebhookOut",
)
