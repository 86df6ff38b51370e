#!/usr/bin/env bash
# Replays Emacs sessions in batch mode with the README's eglot setup as written, on a scratch
# copy of Examples/Cart in a team's repository beside another package (a monorepo): the
# package's own runner serves Features/cart.feature, rooted at the package; an undefined step
# is flagged and the other package's steps are not, and so is a step lost to a German keyword in
# the English file; completion offers plain text (stock eglot
# takes no snippets) that matches its definition; go to definition lands in CartSteps.swift;
# after three lines added to the world type and saved without a rebuild, the quick fix writes
# the missing definition inside the registry function (swift build passes); a feature file
# created on disk is checked; a CRLF file formatted is what `specs format` writes. Then, with
# the repository's version control gone and Emacs started in Features/, the server is rooted at
# the package and its .specs-lint.json honoured.
# Needs Emacs 29, or Emacs 28 with eglot (Debian: apt-get install emacs-nox elpa-eglot).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
command -v emacs >/dev/null || { echo "check-emacs: Emacs not found (apt-get install emacs-nox elpa-eglot)" >&2; exit 2; }
emacs --version | head -1
. "$root/Scripts/lib/editor-project.sh"
. "$root/Scripts/lib/editor-steps.sh"
editor_project emacs-check

# The README's setup, as written (the elisp block of its Emacs entry).
python3 "$root/Scripts/lib/readme_setup.py" "$root/README.md" emacs >"$scratch/setup.el"

# A CRLF file laid out badly, and what `specs format` makes of it.
crlf_feature
export SPECS_CHECK_PACKAGE="$package"

cat >"$scratch/common.el" <<'ELISP'
(require 'eglot)
(load (expand-file-name "setup.el" (file-name-directory load-file-name)))
(defvar failures 0)
(defvar package (file-name-as-directory (getenv "SPECS_CHECK_PACKAGE")))
(defun check (what ok &optional detail)
  (message "%s %s%s" (if ok "ok   " "FAIL ") what (if ok "" (format "  %S" detail)))
  (unless ok (setq failures (1+ failures))))
(defun wait-for (seconds predicate)
  (let ((deadline (+ (float-time) seconds)) held)
    (while (and (not (setq held (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.1))
    held))
(defun flagged (pattern)
  (seq-find (lambda (d) (string-match-p pattern (flymake-diagnostic-text d))) (flymake-diagnostics)))
(defun published (file pattern)
  "Whether the server published diagnostics for FILE (visited or not) matching PATTERN:
eglot keeps only a visited file's, its events buffer has them all."
  (with-current-buffer (jsonrpc-events-buffer (eglot-current-server))
    (save-excursion
      (goto-char (point-min))
      (let (found)
        (while (and (not found) (search-forward (concat file "\"") nil t))
          ;; The whole logged message around the file's name (its diagnostics may come first).
          (let ((start (save-excursion (if (re-search-backward "^\\[[a-z-]+\\]" nil t) (point) (point-min))))
                (end (save-excursion (if (re-search-forward "^\\[[a-z-]+\\]" nil t) (point) (point-max)))))
            (setq found (string-match-p pattern (buffer-substring start end)))))
        found))))
ELISP

cat >"$scratch/check.el" <<'ELISP'
(load (expand-file-name "common.el" (file-name-directory load-file-name)))
(find-file (expand-file-name "Features/cart.feature" package))
(apply #'eglot (eglot--guess-contact))
(check "rooted at the package in a monorepo" (equal (file-name-as-directory (project-root (eglot--project (eglot-current-server)))) package)
       (project-root (eglot--project (eglot-current-server))))
(check "the undefined step is flagged" (wait-for 60 (lambda () (flagged "Undefined step"))) (flymake-diagnostics))
(wait-for 5 #'ignore)
(check "the server's diagnostics are read from eglot's events"
       (published "Features/cart.feature" "the customer smiles"))
(check "no Undefined step in the other package's feature file"
       (not (published "other/Features/other.feature" "Undefined step")))
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
(delete-region (progn (forward-line -1) (line-beginning-position)) (point-max))
(eglot--signal-textDocument/didChange)
;; A German keyword before a defined step, in the English file: description text, its step
;; lost; the server tells it once it knows the definitions, as a run warns of it.
(goto-char (point-max))
(let ((start (point)))
  (insert "\n  Scenario: Lost\n    Wenn a cart with 2 items at 3.5 EUR\n    Given a cart with 1 item at 1.5 EUR\n")
  (eglot--signal-textDocument/didChange)
  (check "the step lost to a German keyword is told"
         (wait-for 20 (lambda () (flagged "'Wenn' is a step keyword in de"))) (flymake-diagnostics))
  (delete-region start (point-max))
  (eglot--signal-textDocument/didChange))
;; Go to definition.
(goto-char (point-min))
(search-forward "Given a cart with 3")
(let* ((backend (xref-find-backend))
       (found (xref-backend-definitions backend (xref-backend-identifier-at-point backend)))
       (file (and found (xref-location-group (xref-item-location (car found))))))
  (check "definition lands in CartSteps.swift" (and file (string-match-p "CartSteps\\.swift" file)) file))
;; A feature file created on disk (a git pull) is checked.
(with-temp-file (expand-file-name "Features/created.feature" package)
  (insert "Feature: Created\n\n  Scenario: Pulled\n    Then the customer frowns\n"))
;; eglot watches the files the server asks it to watch with file-notify, whose events batch
;; mode never reads: what its watcher sends on a created file is sent as it would send it.
(jsonrpc-notify (eglot-current-server) :workspace/didChangeWatchedFiles
                `(:changes [(:uri ,(eglot--path-to-uri (expand-file-name "Features/created.feature" package))
                             :type 1)]))
(check "a feature file created on disk is checked"
       (wait-for 20 (lambda () (published "Features/created.feature" "the customer frowns"))))
;; Three lines added to the world type and saved, no rebuild: the quick fix still writes the
;; missing definition inside the registry function (swift build checks it afterwards).
(let ((swift (expand-file-name "Sources/CartSteps/CartSteps.swift" package)))
  (with-temp-buffer
    (insert-file-contents swift)
    (search-forward "var total: Decimal = 0\n")
    (insert "    var smiles = false\n    var coupons: [String] = []\n    var note = \"\"\n")
    (write-region nil nil swift))
  (wait-for 3 #'ignore)
  (goto-char (point-min))
  (search-forward "Then the customer smiles")
  (let* ((diagnostic (flagged "Undefined step"))
         (actions (jsonrpc-request
                   (eglot-current-server) :textDocument/codeAction
                   (list :textDocument (eglot--TextDocumentIdentifier)
                         :range (list :start (eglot--pos-to-lsp-position (line-beginning-position))
                                      :end (eglot--pos-to-lsp-position (line-beginning-position)))
                         :context (list :diagnostics
                                        (if diagnostic
                                            (vector (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data diagnostic))))
                                          [])))))
         (action (seq-find (lambda (a) (plist-get a :edit)) (append actions nil))))
    (check "a quick fix is offered" action actions)
    (when action
      (find-file-noselect swift) ; eglot asks before editing a file it does not visit
      (eglot--apply-workspace-edit (plist-get action :edit))
      (with-current-buffer (find-buffer-visiting swift)
        (save-buffer)
        (let* ((text (buffer-string))
               (registry (string-search "func registry()" text))
               (fix (string-search "steps.then(\"the customer smiles\")" text))
               (returned (string-search "return steps" text)))
          (check "CartSteps.swift now defines the step inside the registry function"
                 (and registry fix returned (< registry fix returned)) text))))))
;; A CRLF file formatted through the server is what `specs format` writes.
(find-file (expand-file-name "Features/crlf.feature" package))
(wait-for 20 (lambda () (eglot-managed-p)))
(eglot-format-buffer)
(save-buffer)
(check "a CRLF file formatted is what specs format writes"
       (equal (let ((file (buffer-file-name)))
                (with-temp-buffer (set-buffer-multibyte nil) (insert-file-contents-literally file) (buffer-string)))
              (with-temp-buffer (set-buffer-multibyte nil) (insert-file-contents-literally (getenv "SPECS_CHECK_FORMATTED")) (buffer-string))))
(kill-emacs (if (= failures 0) 0 1))
ELISP

cat >"$scratch/rooted.el" <<'ELISP'
(load (expand-file-name "common.el" (file-name-directory load-file-name)))
(find-file "cart.feature")
(apply #'eglot (eglot--guess-contact))
(check "without version control, rooted at the package"
       (equal (file-name-as-directory (project-root (eglot--project (eglot-current-server)))) package)
       (project-root (eglot--project (eglot-current-server))))
(check "the package's .specs-lint.json is honoured (@clean restricted)"
       (wait-for 20 (lambda () (flagged "@clean"))) (flymake-diagnostics))
(kill-emacs (if (= failures 0) 0 1))
ELISP

# Started at the repository's root, as in a monorepo.
status=0
(cd "$repo" && emacs --batch -l "$scratch/check.el") >emacs.log 2>&1 || status=$?
grep -E "^(ok|FAIL)" emacs.log || true
build_after_quick_fix
# No version control, started in Features/: the package's lint settings hold.
without_version_control
if [ "$status" = 0 ]; then
  (cd Features && emacs --batch -l "$scratch/rooted.el") >>emacs.log 2>&1 || status=$?
  grep -E "^(ok|FAIL)" emacs.log | tail -n +13 || true
fi
if [ "$status" = 0 ] && [ "$(grep -c '^ok' emacs.log)" = 14 ]; then
  echo "check-emacs: passed"
else
  grep -v "^Loading" emacs.log | tail -20 >&2
  echo "check-emacs: FAILED" >&2
  exit 1
fi
