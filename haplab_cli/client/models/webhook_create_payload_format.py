from enum import StrEnum


class WebhookCreatePayloadFormat(StrEnum):
    HAPLAB = "haplab"
    SLACK = "slack"

    def __str__(self) -> str:
        return str(self.value)
