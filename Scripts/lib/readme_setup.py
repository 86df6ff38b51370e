#!/usr/bin/env python3
"""Prints the README's editor setup as written: `neovim` (the Lua block between its markers)
or `emacs` (the elisp block of its Emacs entry, unindented). With a second argument, the
runner's build configuration named in the command (debug as written, or release)."""
import sys

readme, editor = sys.argv[1], sys.argv[2]
configuration = sys.argv[3] if len(sys.argv) > 3 else "debug"
text = open(readme).read()
if editor == "neovim":
    block = text[text.index("<!-- neovim-setup -->"):text.index("<!-- /neovim-setup -->")]
    setup = block.split("```lua", 1)[1].split("```", 1)[0]
else:
    block = text[text.index("- **Emacs**"):].split("```elisp", 1)[1].split("```", 1)[0]
    setup = "\n".join(line[4:] if line.startswith("    ") else line for line in block.split("\n"))
assert ".build/debug/" in setup, "the README's setup no longer starts .build/debug/RUNNER"
print(setup.replace(".build/debug/", f".build/{configuration}/"))
