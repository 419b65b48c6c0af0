from enum import StrEnum


class DefaultsOptionsItem(StrEnum):
    ABORTONCLOSE = "abortonclose"
    ALLBACKUPS = "allbackups"
    CLITCPKA = "clitcpka"
    DONTLOGNULL = "dontlognull"
    DONTLOG_NORMAL = "dontlog-normal"
    FORWARDFOR = "forwardfor"
    HTTPCLOSE = "httpclose"
    HTTPLOG = "httplog"
    HTTP_BUFFER_REQUEST = "http-buffer-request"
    HTTP_KEEP_ALIVE = "http-keep-alive"
    HTTP_NO_DELAY = "http-no-delay"
    HTTP_PRETEND_KEEPALIVE = "http-pretend-keepalive"
    HTTP_SERVER_CLOSE = "http-server-close"
    LOGASAP = "logasap"
    LOG_HEALTH_CHECKS = "log-health-checks"
    REDISPATCH = "redispatch"
    SPLICE_AUTO = "splice-auto"
    SRVTCPKA = "srvtcpka"
    TCPKA = "tcpka"
    TCPLOG = "tcplog"

    def __str__(self) -> str:
        return str(self.value)
