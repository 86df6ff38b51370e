# Sourced by the editor checks: makes "$root/Examples/.$1" a scratch copy of Examples/Cart
# whose Features/cart.feature has one more scenario with an undefined step, builds its
# runner (cart-specs), removes the copy when the script exits, and enters it.
# Needs `root` (the repository) set.
editor_project() {
  copy="$root/Examples/.$1"
  rm -rf "$copy"
  mkdir -p "$copy"
  trap 'rm -rf "$copy"' EXIT
  (cd "$root/Examples/Cart" && tar --exclude=.build -cf - .) | (cd "$copy" && tar -xf -)
  cd "$copy"
  rm -f Features/cart.feature Tests/CartTests/Features
  mkdir -p Features
  cp "$root/Examples/Cart/Features/cart.feature" Features/cart.feature
  printf '\n  Scenario: A step nobody wrote\n    Given a cart with 1 item at 2.0 EUR\n    Then the customer smiles\n' >>Features/cart.feature
  swift build --product cart-specs >build.log 2>&1 || { cat build.log; exit 1; }
}
