"""The services fixture-server.py speaks besides Open-Meteo, one module each.

- `locationforecast`: MET Norway's Locationforecast 2.0 `complete`.
- `common`: what they share (HTTP dates, the User-Agent rule, coordinates, the sun, the framing of a scripted
  answer).

Each service has `route` (its name in the request log and in /_control/responses), `suffix` (the path it
answers) and `answer(exchange, scripted)`, which answers one request through `exchange` (common.Exchange).
"""
