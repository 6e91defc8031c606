// Fenced code blocks of a Markdown file (README.md), for the tests that run them.

export interface Block {
  info: string;
  line: number;
  text: string;
}

/** Fenced code blocks (also indented inside list items), with their info string and first line. */
export function fencedBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(?!`)(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j]!.trim() !== '```'; j++) body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!);
    if (j === lines.length) throw new Error(`README.md line ${i + 1}: unclosed code block`);
    blocks.push({ info: open[2]!.trim(), line: i + 2, text: body.join('\n') });
    i = j;
  }
  return blocks;
}
