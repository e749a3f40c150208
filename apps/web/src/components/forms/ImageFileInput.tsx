import { IMAGE_TYPES } from '../../contract.ts';

/**
 * The hidden file input behind a "choose a picture" label (`<label htmlFor={id}>`): the image types the server
 * takes, and the file chosen. `again` empties it after each choice, so the same file can be chosen once more.
 */
export function ImageFileInput({
  id,
  testId,
  disabled,
  again = false,
  onFile,
}: {
  id: string;
  testId: string;
  disabled?: boolean;
  again?: boolean;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <input
      id={id}
      type="file"
      accept={IMAGE_TYPES.join(',')}
      className="visually-hidden"
      data-testid={testId}
      disabled={disabled}
      onChange={(e) => {
        onFile(e.target.files?.[0]);
        if (again) e.target.value = '';
      }}
    />
  );
}
