/** Issue 30: the custom summary's instruction, asked in a panel under the toolbar (only where a language model writes it). */
import { useState, type FormEvent } from 'react';
import { MAX_INSTRUCTION_CHARS } from '@domain/summary-templates';
import { TextField } from '@web/components/ui/field';
import { WORKSPACE_TEXTS } from '../texts';

const W = WORKSPACE_TEXTS;

export function CustomSummary({ summarize, busy }: { summarize: (instruction: string) => void; busy: boolean }) {
  const [instruction, setInstruction] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (instruction.trim()) summarize(instruction.trim());
  };
  return (
    <form className="stack stack--gap-2" onSubmit={submit}>
      <TextField label={W.customInstruction} hint={W.customInstructionHint(MAX_INSTRUCTION_CHARS)} maxLength={MAX_INSTRUCTION_CHARS} required value={instruction} onChange={(event) => setInstruction(event.target.value)} />
      <div>
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy || !instruction.trim()}>
          {W.customSummarize}
        </button>
      </div>
    </form>
  );
}
