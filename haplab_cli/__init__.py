"""`haplab`: run and judge haplab experiments from a terminal or a CI job (haplab_cli/main.py)."""
