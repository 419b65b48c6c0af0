"""Notes: team members write about a run or a detected change; shown with them, in History (and
found by its search), Compare and the Changes list."""
