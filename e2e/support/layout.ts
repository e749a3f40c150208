import type { Page } from 'playwright-core';

/**
 * What a longer language breaks on a narrow phone: the page scrolling sideways, the app's own words (buttons,
 * links, labels, headings, tabs) cut short or pushed off the screen, and any text spilling out of its box. People's content (names in cards) may be cut
 * on purpose, so it is not looked at; neither is what sits in a row meant to scroll sideways (chips).
 */
export function cutOrOverflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width + 1) problems.push(`the page scrolls sideways (${scrollWidth} px in ${width})`);
    const inSidewaysScroller = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const overflow = getComputedStyle(p).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return true;
      }
      return false;
    };
    const chrome = 'button, a, label, legend, h1, h2, h3, th, [role="tab"], [role="button"], .chip';
    for (const el of document.querySelectorAll<HTMLElement>(chrome)) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Not shown, or shown only to screen readers (1 px, clipped).
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden') continue;
      const text = el.innerText.trim().replace(/\s+/g, ' ').slice(0, 50);
      if (!text) continue;
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1) problems.push(`cut: “${text}”`);
      else if ((rect.right > width + 1 || rect.left < -1) && !inSidewaysScroller(el)) {
        problems.push(`off the screen: “${text}” (${Math.round(rect.left)}–${Math.round(rect.right)} px)`);
      }
    }
    // Any words wider than their box spill over what is beside them (a one-word label in a narrow column).
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.overflowX !== 'visible' || style.visibility === 'hidden') continue;
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!ownText || el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1) continue;
      problems.push(`spills over: “${el.innerText.trim().replace(/\s+/g, ' ').slice(0, 50)}”`);
    }
    return problems;
  });
}
