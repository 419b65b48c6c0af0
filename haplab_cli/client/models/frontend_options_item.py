from enum import StrEnum


class FrontendOptionsItem(StrEnum):
    CLITCPKA = "clitcpka"
    DONTLOGNULL = "dontlognull"
    DONTLOG_NORMAL = "dontlog-normal"
    FORWARDFOR = "forwardfor"
    HTTPCLOSE = "httpclose"
    HTTPLOG = "httplog"
    HTTP_BUFFER_REQUEST = "http-buffer-request"
    HTTP_KEEP_ALIVE = "http-keep-alive"
    HTTP_NO_DELAY = "http-no-delay"
    HTTP_SERVER_CLOSE = "http-server-close"
    LOGASAP = "logasap"
    SPLICE_AUTO = "splice-auto"
    TCPKA = "tcpka"
    TCPLOG = "tcplog"

    def __str__(self) -> str:
        return str(self.value)
