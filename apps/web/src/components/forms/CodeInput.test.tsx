import { cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { CodeInput } from './CodeInput.tsx';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <>
      <CodeInput value={code} onChange={setCode} onComplete={onComplete} />
      <output data-testid="value">{code}</output>
    </>
  );
}

const boxes = (container: HTMLElement) => [...container.querySelectorAll<HTMLInputElement>('.code-box')];

afterEach(cleanup);

describe('CodeInput', () => {
  it('fills all six boxes from a pasted code, wherever it is pasted', () => {
    const onComplete = vi.fn();
    const { container, getByTestId } = render(<Harness onComplete={onComplete} />);
    fireEvent.paste(boxes(container)[3]!, { clipboardData: { getData: () => ' 12 34-56 ' } });
    expect(getByTestId('value').textContent).toBe('123456');
    expect(boxes(container).map((b) => b.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('moves on as digits are typed, ignores letters and goes back on backspace', () => {
    const onComplete = vi.fn();
    const { container, getByTestId } = render(<Harness onComplete={onComplete} />);
    fireEvent.change(boxes(container)[0]!, { target: { value: '4' } });
    fireEvent.change(boxes(container)[1]!, { target: { value: 'x' } });
    fireEvent.change(boxes(container)[1]!, { target: { value: '2' } });
    expect(getByTestId('value').textContent).toBe('42');
    expect(document.activeElement).toBe(boxes(container)[2]);
    fireEvent.keyDown(boxes(container)[2]!, { key: 'Backspace' });
    expect(getByTestId('value').textContent).toBe('4');
    expect(onComplete).not.toHaveBeenCalled();
  });
});
