"""haplab's shared contracts: experiment spec, HAProxy config model and renderer, load and
target profiles, sweep expansion, result types, run states, the metric registry and the agent
wire protocol.

Depends on pydantic and the standard library only; backend, worker and agents import it. Import
each name from the module that defines it (contract.experiment, contract.results, contract.protocol ...):
this package re-exports nothing, so every name has one home. contract.haproxy is the one subpackage
with a public surface of its own (its __init__).
"""
