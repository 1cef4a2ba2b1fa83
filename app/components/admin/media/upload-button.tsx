import { Upload } from 'lucide-react';

/** A button-styled file input (the input, transparent, covers the label): hands the chosen files over and clears itself so the same file can be chosen again. */
export function UploadButton(props: { label: string; accept: string; name?: string; onFiles: (files: File[]) => void }) {
  return (
    <label className="relative flex cursor-pointer items-center gap-2 rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white focus-within:ring-2 focus-within:ring-blue-600 focus-within:ring-offset-2 hover:bg-blue-800">
      <Upload className="size-4" aria-hidden />
      {props.label}
      <input
        type="file"
        name={props.name}
        multiple
        accept={props.accept}
        // Over the whole button, unseen: a click anywhere on it is a click on the input itself.
        className="absolute inset-0 size-full cursor-pointer opacity-0 file:cursor-pointer"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          props.onFiles(files);
        }}
      />
    </label>
  );
}
