# Sourced by the editor checks after editor_project (Scripts/lib/editor-project.sh): the steps
# both take on the cart package around the editor's sessions. Needs `scratch` and `repo` set,
# and the cart package as the working folder.

# A CRLF file laid out badly, Features/crlf.feature, and what `specs format` makes of it: the
# file SPECS_CHECK_FORMATTED names, which the editor's formatting must equal byte for byte.
crlf_feature() {
  printf 'Feature: Windows\r\n\r\n Scenario: Crlf\r\n      Given a cart with 1 item at 2.0 EUR\r\n  Then   the total is 2.0 EUR\r\n' \
    >Features/crlf.feature
  mkdir -p "$scratch/formatted" && cp Features/crlf.feature "$scratch/formatted/crlf.feature"
  .build/debug/cart-specs format "$scratch/formatted/crlf.feature" >/dev/null 2>&1
  export SPECS_CHECK_FORMATTED="$scratch/formatted/crlf.feature"
}

# The quick fix written after an unbuilt edit compiles: once the editor's session has passed
# (`status` 0), builds the runner again and says so; `status` becomes 1 if the build fails.
build_after_quick_fix() {
  if [ "$status" = 0 ] && ! swift build --product cart-specs >rebuild.log 2>&1; then
    cat rebuild.log >&2
    echo "FAIL  swift build after the quick fix" >&2
    status=1
  elif [ "$status" = 0 ]; then
    echo "ok    swift build passes after the quick fix"
  fi
}

# No version control: the repository's .git removed, so that only Package.swift roots the
# server, and lint settings of the package's own that restrict @clean.
without_version_control() {
  rm -rf "$repo/.git"
  printf '{ "rules": { "restricted-tags": { "tags": ["@clean"] } } }\n' >.specs-lint.json
}
