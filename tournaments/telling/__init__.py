"""What an event tells as it moves: its people's notices (``notices``) and its organisers' webhooks
(``webhooks``, sent by ``tasks``). Below the feature packages that take the steps (pairing, results,
events, the autopilot), which call it."""
