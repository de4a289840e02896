import { useEffect, useRef, useState } from 'react';
import { describeFailure } from './error-message';
import { uploadImage } from './upload-image';

/** One photo input of an admin form: the chosen file, its upload and, once done, the hosted URL. */
export type ImageSlot = {
  file: File | null;
  /** Object URL of the chosen file, for a preview. */
  preview: string | null;
  /** Share uploaded, 0 to 1, while and after uploading; null before. */
  progress: number | null;
  /** The server's message when the upload failed. */
  error: string | null;
  /** Hosted URL of this very file, so that a second submit does not upload it again. */
  url: string | null;
};

const emptySlot = (): ImageSlot => ({ file: null, preview: null, progress: null, error: null, url: null });

/**
 * State of `count` photo inputs, and `uploadAll()`, which uploads the chosen files (in parallel, with
 * progress per input) and answers their URLs in input order. Used by the product and slider forms.
 */
export function useImageUploads(count: number) {
  const [slots, setSlots] = useState<ImageSlot[]>(() => Array.from({ length: count }, emptySlot));
  const [uploading, setUploading] = useState(false);
  // Previews are made in event handlers; the ones still shown are released when the form goes away.
  const previewsRef = useRef(new Set<string>());

  useEffect(() => {
    const previews = previewsRef.current;
    return () => {
      for (const url of previews) URL.revokeObjectURL(url);
      previews.clear();
    };
  }, []);

  function update(index: number, patch: Partial<ImageSlot>) {
    setSlots((current) => current.map((slot, i) => (i === index ? { ...slot, ...patch } : slot)));
  }

  function releasePreview(url: string | null) {
    if (!url) return;
    URL.revokeObjectURL(url);
    previewsRef.current.delete(url);
  }

  function setFile(index: number, file: File | null) {
    releasePreview(slots[index]?.preview ?? null);
    const preview = file ? URL.createObjectURL(file) : null;
    if (preview) previewsRef.current.add(preview);
    update(index, { file, preview, progress: null, error: null, url: null });
  }

  function reset() {
    for (const slot of slots) releasePreview(slot.preview);
    setSlots(Array.from({ length: count }, emptySlot));
  }

  const hasFile = slots.some((slot) => slot.file !== null);

  /** Uploads what is not uploaded yet; rejects with the first failure (each failed input shows its own). */
  async function uploadAll(): Promise<string[]> {
    setUploading(true);
    try {
      const results = await Promise.allSettled(
        slots.map(async (slot, index) => {
          if (!slot.file) return null;
          if (slot.url) return slot.url;
          update(index, { progress: 0, error: null });
          try {
            const url = await uploadImage(slot.file, { onProgress: (fraction) => update(index, { progress: fraction }) });
            update(index, { url, progress: 1 });
            return url;
          } catch (error) {
            const { message } = await describeFailure(error);
            update(index, { progress: null, error: message });
            throw error;
          }
        }),
      );
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      return results.flatMap((result) => (result.status === 'fulfilled' && result.value ? [result.value] : []));
    } finally {
      setUploading(false);
    }
  }

  return { slots, setFile, reset, hasFile, uploading, uploadAll };
}
