/**
 * Files dropped anywhere on the page while the Transcribe tab is open (issue 15, point 2). Listening on
 * the window, not one element, also keeps a near miss from making the browser open the file instead.
 */
import { useEffect, useRef, useState } from 'react';

const carriesFiles = (event: DragEvent): boolean => event.dataTransfer?.types.includes('Files') ?? false;

/** `accept`: false refuses drops for now (the form is locked). Answers whether files are being dragged over the page. */
export function useFileDrop(onFiles: (files: File[]) => void, accept: boolean): boolean {
  const [dragging, setDragging] = useState(false);
  const latest = useRef({ onFiles, accept });
  latest.current = { onFiles, accept };

  useEffect(() => {
    // dragenter/dragleave fire for every child element crossed: count them to know when the drag left the page.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = latest.current.accept ? 'copy' : 'none';
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const files = [...(event.dataTransfer?.files ?? [])];
      if (latest.current.accept && files.length > 0) latest.current.onFiles(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);

  return dragging;
}
