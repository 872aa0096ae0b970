/**
 * Issue 30: the custom summary's instruction, asked in a panel under the toolbar (only where a language model
 * writes it); once written it can be saved under a name as the user's own template, listed here (with Delete,
 * asked first) and under Summarize as….
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { SavedTemplateView } from '@contract';
import { MAX_INSTRUCTION_CHARS, MAX_TEMPLATE_NAME_CHARS } from '@domain/summary-templates';
import { ConfirmModal } from '@web/components/ui/confirm-modal';
import { TextField } from '@web/components/ui/field';
import { failureText } from '@web/lib/api-client';
import { savedTemplatesQuery, useDeleteTemplate, useSaveTemplate } from '@web/transcript/api/saved-templates';
import { READING_TEXTS } from '@web/transcript/texts';
import { WORKSPACE_TEXTS } from '../texts';

const W = WORKSPACE_TEXTS;

export function CustomSummary({ summarize, busy }: { summarize: (instruction: string) => void; busy: boolean }) {
  const [instruction, setInstruction] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (instruction.trim()) summarize(instruction.trim());
  };
  return (
    <div className="stack stack--gap-3">
      <form className="stack stack--gap-2" onSubmit={submit}>
        <TextField label={W.customInstruction} hint={W.customInstructionHint(MAX_INSTRUCTION_CHARS)} maxLength={MAX_INSTRUCTION_CHARS} required value={instruction} onChange={(event) => setInstruction(event.target.value)} />
        <div>
          <button type="submit" className="btn btn--primary btn--sm" disabled={busy || !instruction.trim()}>
            {W.customSummarize}
          </button>
        </div>
      </form>
      {instruction.trim() && <SaveTemplate instruction={instruction.trim()} />}
      <SavedTemplates />
    </div>
  );
}

/** "Save as template": the instruction written above, under a name; a refusal (a name in use, too many) is said at the field. */
function SaveTemplate({ instruction }: { instruction: string }) {
  const [name, setName] = useState('');
  const save = useSaveTemplate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    save.mutate(
      { name: name.trim(), instruction },
      {
        onSuccess: (saved) => {
          toast.success(W.templateSaved(saved.name));
          setName('');
        },
      },
    );
  };
  return (
    <form className="stack stack--gap-2" aria-label={W.saveTemplate} onSubmit={submit}>
      <TextField
        label={W.templateName}
        hint={W.templateNameHint(MAX_TEMPLATE_NAME_CHARS)}
        maxLength={MAX_TEMPLATE_NAME_CHARS}
        value={name}
        error={save.isError ? failureText(save.error, W.saveTemplateFailed) : undefined}
        onChange={(event) => {
          save.reset();
          setName(event.target.value);
        }}
      />
      <div>
        <button type="submit" className="btn btn--secondary btn--sm" disabled={save.isPending || !name.trim()}>
          {W.saveTemplate}
        </button>
      </div>
    </form>
  );
}

/** The user's templates, each with Delete (asked first); after a delete the focus goes to the list's heading (always there), Cancel gives it back to Delete. */
function SavedTemplates() {
  const { data: templates = [] } = useQuery(savedTemplatesQuery(true));
  const remove = useDeleteTemplate();
  const [asking, setAsking] = useState<SavedTemplateView | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const headingId = useId();
  const confirm = (template: SavedTemplateView) =>
    remove.mutate(template.id, {
      onSuccess: () => {
        toast.success(W.templateDeleted(template.name));
        returnTo.current = headingRef.current;
        setAsking(null);
      },
      onError: (error) => toast.error(failureText(error, W.deleteTemplateFailed)),
    });
  return (
    <section className="stack stack--gap-2" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="overline">
        {W.savedTemplatesGroup}
      </h3>
      {templates.length === 0 ? (
        <p className="field__hint">{W.noSavedTemplates}</p>
      ) : (
        <ul className="saved-templates">
        {templates.map((template) => (
          <li key={template.id} className="spread-row">
            <span>
              <strong>{template.name}</strong>
              <span className="field__hint saved-templates__instruction">{template.instruction}</span>
            </span>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={W.deleteTemplateLabel(template.name)}
              onClick={() => {
                returnTo.current = null;
                setAsking(template);
              }}
            >
              {W.deleteTemplate}
            </button>
          </li>
        ))}
        </ul>
      )}
      <ConfirmModal
        open={asking !== null}
        busy={remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && confirm(asking)}
        title={W.deleteTemplateTitle(asking?.name ?? '')}
        description={W.deleteTemplateText}
        cancelLabel={READING_TEXTS.cancel}
        confirmLabel={W.deleteTemplate}
        returnFocusTo={returnTo}
      />
    </section>
  );
}
