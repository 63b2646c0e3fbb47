/**
 * Layout checks run inside the page (page.evaluate). Self-contained: the function is serialised into the
 * browser, so it may not use anything from this module's scope.
 *
 * For every rendered table row: the visible part of each cell (its box cut to the table's scrolling
 * area) must end where the next visible cell begins (1 px tolerance), so a fixed column may not lie over
 * another column; and nothing inside a cell (elements and text) may reach past the cell's left or right
 * edge unless an ancestor inside the cell clips it with an ellipsis (text-overflow or a line clamp).
 * Returns one line per problem.
 */
export function tableProblems(): string[] {
  const problems: string[] = [];
  const shown = (r: DOMRect) => r.width > 0.5 && r.height > 0.5;
  const clipRect = (el: Element): DOMRect | null => {
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible') return a.getBoundingClientRect();
    }
    return null;
  };
  const cut = (r: DOMRect, c: DOMRect | null) => {
    if (!c) return { left: r.left, right: r.right };
    return { left: Math.max(r.left, c.left), right: Math.min(r.right, c.right) };
  };
  const label = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
  /** An ancestor between node and cell (the cell included) that clips horizontally. */
  const clipper = (node: Node, cell: Element): Element | null => {
    for (let a = node instanceof Element ? node.parentElement : node.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible') return a;
      if (a === cell) return null;
    }
    return null;
  };
  const ellipsised = (el: Element) => {
    const s = getComputedStyle(el);
    return s.textOverflow === 'ellipsis' || (s.webkitLineClamp !== 'none' && s.webkitLineClamp !== '');
  };

  document.querySelectorAll('.arco-table').forEach((table, t) => {
    const name = (table.className.match(/gw-(?!data-table)[\w-]+/) ?? [`table ${t}`])[0];
    table.querySelectorAll(':scope tbody > tr').forEach((tr, r) => {
      if (tr.closest('.arco-table') !== table || tr.classList.contains('arco-table-empty-row')) return;
      const cells = Array.from(tr.children).filter((c) => c.tagName === 'TD' && getComputedStyle(c).visibility !== 'hidden');
      if (cells.length < 2) return;
      const area = clipRect(tr);
      const boxes = cells.map((c) => ({ cell: c, rect: c.getBoundingClientRect() })).filter((b) => shown(b.rect));
      const visible = boxes.map((b) => ({ ...b, cut: cut(b.rect, area) })).filter((b) => b.cut.right - b.cut.left > 0.5);
      for (let i = 0; i + 1 < visible.length; i++) {
        const a = visible[i];
        const b = visible[i + 1];
        if (a.cut.right > b.cut.left + 1)
          problems.push(`${name} row ${r}: cell "${label(a.cell)}" (right ${Math.round(a.cut.right)}) runs under cell "${label(b.cell)}" (left ${Math.round(b.cut.left)})`);
      }
      for (const { cell, rect } of visible) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          let box: DOMRect;
          if (n.nodeType === Node.TEXT_NODE) {
            if (!(n.textContent ?? '').trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(n);
            box = range.getBoundingClientRect();
          } else {
            const s = getComputedStyle(n as Element);
            if (s.display === 'none' || s.visibility === 'hidden' || s.position === 'fixed') continue;
            box = (n as Element).getBoundingClientRect();
          }
          if (!shown(box)) continue;
          if (box.right <= rect.right + 1 && box.left >= rect.left - 1) continue;
          const clip = clipper(n, cell);
          if (clip && clip !== cell && ellipsised(clip)) continue;
          if (clip && ellipsised(clip)) continue;
          problems.push(`${name} row ${r}: content "${label(n.nodeType === Node.TEXT_NODE ? n.parentElement! : (n as Element))}" overflows its cell "${label(cell)}"${clip ? ' (cut off without an ellipsis)' : ''}`);
          break;
        }
      }
    });
  });
  return problems;
}
