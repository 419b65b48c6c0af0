"""The agent gateway: the REST side of the agent wire protocol (enroll, hello, commands, messages)."""
