import { Upload } from 'lucide-react';
import { useRef } from 'react';
import toast from 'react-hot-toast';
import { Form, useNavigation } from 'react-router';

import { secondaryButton } from '#app/components/ui/buttons.ts';
import { THEME_FILE_MAX_BYTES } from '#app/lib/theme/schema.ts';

/** Upload Theme: choosing a .json file sends it at once; the server checks it and names the field at fault. */
export function UploadThemeButton() {
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigation = useNavigation();
  const uploading = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload';
  return (
    <Form method="post" encType="multipart/form-data" ref={formRef}>
      <input type="hidden" name="intent" value="upload" />
      <input
        ref={inputRef}
        id="theme-file"
        name="file"
        type="file"
        accept=".json,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-label="Theme file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (!file) return;
          // The server checks the same; this saves sending a file it would refuse.
          if (file.size > THEME_FILE_MAX_BYTES) {
            toast.error('Theme file must be at most 256 KB.');
            event.currentTarget.value = '';
            return;
          }
          formRef.current?.requestSubmit();
          // The form's data is read as it submits: clearing lets the same file be chosen again.
          event.currentTarget.value = '';
        }}
      />
      <button type="button" className={secondaryButton} disabled={uploading} onClick={() => inputRef.current?.click()}>
        <Upload className="size-4" aria-hidden />
        {uploading ? 'Uploading…' : 'Upload Theme'}
      </button>
    </Form>
  );
}
