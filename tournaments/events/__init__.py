"""Events: creating and running them (``services``), their officials (``officials``), who may do
what (``permissions``) and what the event's state allows next (``selectors``)."""
