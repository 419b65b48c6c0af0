from enum import StrEnum


class BackendOptionsItem(StrEnum):
    ABORTONCLOSE = "abortonclose"
    ALLBACKUPS = "allbackups"
    FORWARDFOR = "forwardfor"
    HTTPCLOSE = "httpclose"
    HTTP_BUFFER_REQUEST = "http-buffer-request"
    HTTP_KEEP_ALIVE = "http-keep-alive"
    HTTP_NO_DELAY = "http-no-delay"
    HTTP_PRETEND_KEEPALIVE = "http-pretend-keepalive"
    HTTP_SERVER_CLOSE = "http-server-close"
    LOG_HEALTH_CHECKS = "log-health-checks"
    REDISPATCH = "redispatch"
    SPLICE_AUTO = "splice-auto"
    SRVTCPKA = "srvtcpka"
    TCPKA = "tcpka"

    def __str__(self) -> str:
        return str(self.value)
