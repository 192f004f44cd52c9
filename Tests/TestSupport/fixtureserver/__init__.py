"""The services fixture-server.py speaks besides Open-Meteo, one module each.

- `locationforecast`: MET Norway's Locationforecast 2.0 `complete`.
- `nws`, `brightsky`, `metalerts`: the official warnings of the US National Weather Service, of DWD through
  Bright Sky, and of MET Norway's MetAlerts.
- `common`: what they share (HTTP dates, the User-Agent rule, coordinates, the sun, places and areas, the
  framing of a scripted answer); `timeline`: how warning fixtures move to the server's clock.

Each service has `route` (its name in the request log and in /_control/responses), `suffix` (the path it
answers) and `answer(exchange, scripted)`, which answers one request through `exchange` (common.Exchange).
"""
