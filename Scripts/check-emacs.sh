#!/usr/bin/env bash
# Replays an Emacs session on a scratch copy of Examples/Cart, in batch mode, with the
# README's eglot setup as written: the package's own runner serves Features/cart.feature;
# an undefined step is flagged; completion offers plain text (stock eglot takes no
# snippets) that matches its definition; go to definition lands in CartSteps.swift.
# Needs Emacs 29, or Emacs 28 with eglot (Debian: apt-get install emacs-nox elpa-eglot).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
command -v emacs >/dev/null || { echo "check-emacs: Emacs not found (apt-get install emacs-nox elpa-eglot)" >&2; exit 2; }
emacs --version | head -1
. "$root/Scripts/lib/editor-project.sh"
editor_project emacs-check

# The README's setup, as written (the elisp block of its Emacs entry).
python3 - "$root/README.md" >setup.el <<'PY'
import sys
text = open(sys.argv[1]).read()
block = text[text.index("- **Emacs**"):].split("```elisp", 1)[1].split("```", 1)[0]
print("\n".join(line[4:] if line.startswith("    ") else line for line in block.split("\n")))
PY

cat >check.el <<'ELISP'
(require 'eglot)
(load (expand-file-name "setup.el"))
(defvar failures 0)
(defun check (what ok &optional detail)
  (message "%s %s%s" (if ok "ok   " "FAIL ") what (if ok "" (format "  %S" detail)))
  (unless ok (setq failures (1+ failures))))
(find-file (expand-file-name "Features/cart.feature"))
(apply #'eglot (eglot--guess-contact))
(let ((deadline (+ (float-time) 60)) found)
  (while (and (not found) (< (float-time) deadline))
    (accept-process-output nil 0.2)
    (setq found (seq-find (lambda (d) (string-match-p "Undefined step" (flymake-diagnostic-text d)))
                          (flymake-diagnostics))))
  (check "the undefined step is flagged" found (flymake-diagnostics)))
;; Completion on a half-typed step: plain text that matches its definition.
(goto-char (point-max))
(insert "\n  Scenario: Typed\n    Given a cart with ")
(eglot--signal-textDocument/didChange)
(let* ((server (eglot-current-server))
       (reply (jsonrpc-request server :textDocument/completion (eglot--TextDocumentPositionParams)))
       (items (append (plist-get reply :items) nil))
       (texts (mapcar (lambda (item) (plist-get (plist-get item :textEdit) :newText)) items)))
  (check "completion offers the definition as plain text"
         (member "a cart with 1 item at 1.5 EUR" texts) texts)
  (check "no snippet syntax for an editor without snippets"
         (not (seq-find (lambda (text) (string-match-p "\\${" text)) texts)) texts))
;; Go to definition.
(goto-char (point-min))
(search-forward "Given a cart with 3")
(let* ((backend (xref-find-backend))
       (found (xref-backend-definitions backend (xref-backend-identifier-at-point backend)))
       (file (and found (xref-location-group (xref-item-location (car found))))))
  (check "definition lands in CartSteps.swift" (and file (string-match-p "CartSteps\\.swift" file)) file))
(kill-emacs (if (= failures 0) 0 1))
ELISP

status=0
emacs --batch -l check.el >emacs.log 2>&1 || status=$?
grep -E "^(ok|FAIL)" emacs.log || true
if [ "$status" = 0 ] && [ "$(grep -c '^ok' emacs.log)" = 4 ]; then
  echo "check-emacs: passed"
else
  grep -v "^Loading" emacs.log | tail -20 >&2
  echo "check-emacs: FAILED" >&2
  exit 1
fi
