"""Synthetic upstreams for the target role: nginx with the echo module, one port per server.

nginx is an established fast server; the echo module's `echo_sleep` delays a reply without
blocking the worker, so one nginx serves thousands of slow requests at once. The parts:
`nginx_config` renders the config, `bodies` writes the response bodies, `ports` picks free
ports, `tls` makes a throwaway certificate, `probe` checks a port answers (HTTP/1.1 or h2c),
`nginx` runs the process.
"""
