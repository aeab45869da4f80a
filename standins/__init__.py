"""Stand-ins for the services the bot talks to, for the tests and the benchmarks.

Real HTTP/WebSocket servers on 127.0.0.1 that speak the wire protocols of GitHub (REST and
GraphQL), Slack (Web API, Socket Mode), Discord (REST and gateway) and Anthropic (Messages,
Message Batches), driven by the real client libraries; and `slack_requests`, the signed requests
Slack sends the bot, built from the recorded payloads in `payloads/`.

A top-level package of the checkout (not shipped in the wheel) so that tests/ and bench/ both
import it without one importing the other; it imports nothing of bot/, handlers/ or tests/
(tests/test_architecture.py checks both).
"""
