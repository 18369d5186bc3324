"""markdown_blocks.py - a Markdown file split into its fenced blocks and the prose
around them, read one way for the scripts that check the documentation
(check-examples, check-commands, check-links). A fence is a line starting with
three backticks; the opening one carries the info string ("sh", "console",
"c file=ref/examples/check_url.c")."""


def read(path):
    """(blocks, prose) of the file: blocks as (line number of the opening fence,
    info string, [(line number, text), ...]); prose as [(line number, text), ...]
    for every line outside a block. An unclosed block runs to the end."""
    blocks, prose, block = [], [], None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith("```"):
                if block is None:
                    block = (number, line[3:].strip(), [])
                else:
                    blocks.append(block)
                    block = None
            elif block is not None:
                block[2].append((number, line))
            else:
                prose.append((number, line))
    if block is not None:
        blocks.append(block)
    return blocks, prose
