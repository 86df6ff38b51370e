#!/usr/bin/env bash
# Opens the HTML report in a real headless browser (Chromium from Debian's packages:
# apt-get install chromium) and checks what a product owner would see:
#  - the page renders (a screenshot is written), with no console error;
#  - no request leaves the file (a dead proxy makes any request fail loudly, and the
#    file is checked for src=, href=, url( and @import);
#  - scenario and test names are visible text in the rendered DOM;
#  - a feature full of <script>/onerror= payloads renders them as text and runs none.
# Usage: Scripts/check-html-report.sh [output-dir]   (default: reports/html-check)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-reports/html-check}"
mkdir -p "$out"
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [ -z "$browser" ]; then
  echo "chromium not found: apt-get install chromium" >&2
  exit 2
fi

swift build --product specs >/dev/null
specs="$(swift build --product specs --show-bin-path)/specs"

# 1. The project's own report.
"$specs" Features --format summary --format "html:$out/specs.html" >/dev/null

# 2. A hostile feature: every payload would retitle the page or log an error if it ran.
hostile="$out/hostile"
rm -rf "$hostile" && mkdir -p "$hostile/Features"
cat > "$hostile/Features/hostile.feature" <<'FEATURE'
@x<script>document.title='PWNED-tag'</script>
Feature: <script>document.title='PWNED-feature'</script>
  <img src=x onerror="document.title='PWNED-description'">

  @xctest:A<svg/onload=document.title='PWNED-link'>/test_x
  Scenario: <img src=x onerror="document.title='PWNED-scenario'">
    Given a user named "<script>document.title='PWNED-step'</script>"
      | <img src=x onerror="document.title='PWNED-cell'"> | ' " & |
    And the payload:
      """html
      <script>document.title='PWNED-docstring'</script>
      """
FEATURE
"$specs" "$hostile/Features" --tests-dir "$hostile" --format summary --format "html:$out/hostile.html" >/dev/null || true

check() {
  local page="$1" name="$2"; shift 2
  local url="file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"
  local flags=(--headless --no-sandbox --disable-gpu --no-first-run --proxy-server=127.0.0.1:9
               --enable-logging=stderr --v=0 --virtual-time-budget=3000 --window-size=1280,1600)
  "$browser" "${flags[@]}" --screenshot="$out/$name.png" "$url" >/dev/null 2>"$out/$name.console.log" || true
  "$browser" "${flags[@]}" --dump-dom "$url" >"$out/$name.dom.html" 2>>"$out/$name.console.log"
  local failed=0
  if grep -E "CONSOLE|Uncaught|ERR_|net::" "$out/$name.console.log" | grep -v "DevTools" ; then
    echo "FAIL $name: console errors or network requests (see $out/$name.console.log)"; failed=1
  fi
  if grep -Eio '<[a-z][^>]*[[:space:]](src|href|action)=|url\(|@import' "$page" | head -1 | grep -q . ; then
    echo "FAIL $name: the file references something outside itself"; failed=1
  fi
  if grep -o "<title>[^<]*</title>" "$out/$name.dom.html" | grep -q PWNED; then
    echo "FAIL $name: a payload ran"; failed=1
  fi
  if grep -Eq "<(script|img|svg)[^>]*PWNED" "$out/$name.dom.html"; then
    echo "FAIL $name: a payload is live markup in the page"; failed=1
  fi
  for text in "$@"; do
    if ! grep -qF -- "$text" "$out/$name.dom.html"; then echo "FAIL $name: '$text' is not visible"; failed=1; fi
  done
  [ -s "$out/$name.png" ] || { echo "FAIL $name: no screenshot"; failed=1; }
  [ "$failed" = 0 ] && echo "ok   $name: rendered, no console error, no request, names visible ($out/$name.png)"
  return "$failed"
}

status=0
check "$out/specs.html" specs \
  "Login exitoso con credenciales válidas" "test_execute_with_valid_credentials_returns_session" \
  "LoginUseCaseTests" "Matriz de trazabilidad" || status=1
check "$out/hostile.html" hostile \
  "&lt;script&gt;document.title='PWNED-feature'&lt;/script&gt;" \
  "&lt;img src=x onerror=\"document.title='PWNED-scenario'\"&gt;" \
  "&lt;script&gt;document.title='PWNED-docstring'&lt;/script&gt;" \
  "&lt;img src=x onerror=\"document.title='PWNED-cell'\"&gt;" || status=1
exit "$status"
