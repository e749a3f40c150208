import { describe, expect, it, vi } from 'vitest';
import { shareLink } from './share.ts';

const content = { title: 'Morning run', url: 'https://cordata.example/view-activity/1' };

describe('shareLink', () => {
  it('uses the share sheet where there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    expect(await shareLink(content, { share, clipboard: { writeText } } as never)).toBe('shared');
    expect(share).toHaveBeenCalledWith(content);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats a closed share sheet as cancelled', async () => {
    const share = vi.fn().mockRejectedValue(Object.assign(new Error('closed'), { name: 'AbortError' }));
    expect(await shareLink(content, { share, clipboard: { writeText: vi.fn() } } as never)).toBe('cancelled');
  });

  it('copies the link without a share sheet, and says when it cannot', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await shareLink(content, { clipboard: { writeText } } as never)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(content.url);
    const refused = vi.fn().mockRejectedValue(new Error('denied'));
    expect(await shareLink(content, { clipboard: { writeText: refused } } as never)).toBe('failed');
  });
});
