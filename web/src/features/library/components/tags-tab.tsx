import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { ConfirmModal } from '@web/components/ui/confirm-modal';
import { cancelOnEscape, focusNameField, InlineEditActions, useInlineEdit } from '@web/components/inline-edit';
import { TEXTS } from '@web/config/texts';
import { isUnauthorized } from '@web/lib/api-client';
import { TAG_LIMITS } from '@domain/constants';
import { libraryKeys } from '@web/lib/library-keys';
import { EntityList } from './entity-list';
import { createTag, deleteTag, renameTag, tagsQuery, type Tag } from '../api/tags';
import { createTagError, tagNameToSend } from '../tag-form';
import '../library.css';

const L = TEXTS.library.tags;

/** SPEC.md section 2, the Tags tab: add, rename and delete tags. */
export function TagsTab() {
  return (
    <div className="library">
      <AddTagForm />
      <TagList />
    </div>
  );
}

/** Renames and deletes reach the transcripts that carry the tag (server-side): their lists and views are refreshed. */
function useRefreshTagged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: libraryKeys.tags });
    void queryClient.invalidateQueries({ queryKey: libraryKeys.lists });
    void queryClient.invalidateQueries({ queryKey: libraryKeys.transcripts });
  };
}

function AddTagForm() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');

  const create = useMutation({
    mutationFn: createTag,
    onSuccess: (tag) => {
      setName('');
      toast.success(L.added);
      if (tag?.id) queryClient.setQueryData<Tag[]>(libraryKeys.tags, (list) => (list ? [...list.filter((t) => t.id !== tag.id), tag] : list));
      void queryClient.invalidateQueries({ queryKey: libraryKeys.tags });
    },
  });
  const error = create.isError && !isUnauthorized(create.error) ? createTagError(create.error) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const toSend = tagNameToSend(name);
    // SPEC 5: an empty name on creation is silently ignored.
    if (toSend === null) return;
    create.mutate(toSend);
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {L.addTitle}
      </h2>
      <form className="inline-form" onSubmit={onSubmit} noValidate>
        <TextField
          label={L.name}
          name="name"
          maxLength={TAG_LIMITS.nameLength}
          autoComplete="off"
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            if (create.isError) create.reset();
          }}
        />
        <div className="form__actions">
          <Button type="submit" busy={create.isPending}>
            {L.add}
          </Button>
        </div>
      </form>
    </section>
  );
}

function TagList() {
  const tags = useQuery(tagsQuery());
  return <EntityList query={tags} title={L.listTitle} loadFailed={L.loadFailed} empty={L.empty} renderItem={(tag, onDeleted) => <TagItem tag={tag} onDeleted={onDeleted} />} />;
}

function TagItem({ tag, onDeleted }: { tag: Tag; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTagged();
  const rename = useInlineEdit<HTMLDivElement>('rename');
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const remove = useMutation({
    mutationFn: () => deleteTag(tag.id),
    onSuccess: () => {
      setConfirmingDelete(false);
      queryClient.setQueryData<Tag[]>(libraryKeys.tags, (list) => list?.filter((t) => t.id !== tag.id));
      toast.success(L.deleted);
      onDeleted();
      refresh();
    },
    // SPEC 8: a failed delete is not shown; the tag simply stays.
    onError: () => setConfirmingDelete(false),
  });

  return (
    <div ref={rename.ref} className="entity">
      {rename.editing ? (
        <RenameTagForm tag={tag} onDone={rename.stop} />
      ) : (
        <div className="entity__head">
          <h3 className="entity__name">{tag.name}</h3>
          <div className="library__actions">
            <Button data-action="rename" size="sm" variant="secondary" aria-label={L.renameLabel(tag.name)} onClick={rename.start}>
              {L.rename}
            </Button>
            <Button size="sm" variant="danger" aria-label={L.deleteLabel(tag.name)} busy={remove.isPending} onClick={() => setConfirmingDelete(true)}>
              {L.delete}
            </Button>
          </div>
        </div>
      )}
      <ConfirmModal
        open={confirmingDelete}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        title={L.deleteTitle(tag.name)}
        description={L.deleteText}
        cancelLabel={L.cancel}
        confirmLabel={L.delete}
      />
    </div>
  );
}

/** Renaming needs a non-empty name (SPEC 5). A refused rename is not shown (SPEC 8): the form stays open with what was typed. */
function RenameTagForm({ tag, onDone }: { tag: Tag; onDone: () => void }) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTagged();
  const [name, setName] = useState(tag.name);
  const [emptyError, setEmptyError] = useState(false);

  const rename = useMutation({
    mutationFn: (newName: string) => renameTag(tag.id, newName),
    onSuccess: (saved, newName) => {
      queryClient.setQueryData<Tag[]>(libraryKeys.tags, (list) => list?.map((t) => (t.id === tag.id ? { ...t, name: saved?.name ?? newName } : t)));
      toast.success(L.renamed);
      refresh();
      onDone();
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const toSend = tagNameToSend(name);
    if (toSend === null) {
      setEmptyError(true);
      focusNameField(event.currentTarget);
      return;
    }
    if (toSend === tag.name) {
      onDone();
      return;
    }
    rename.mutate(toSend);
  };

  return (
    <form className="inline-form" onSubmit={onSubmit} noValidate aria-label={L.renameLabel(tag.name)}>
      <TextField
        label={L.newName(tag.name)}
        name="name"
        required
        autoFocus
        autoComplete="off"
        maxLength={TAG_LIMITS.nameLength}
        value={name}
        error={emptyError ? L.nameRequired : undefined}
        onChange={(event) => {
          setName(event.target.value);
          if (emptyError) setEmptyError(false);
        }}
        onKeyDown={cancelOnEscape(onDone)}
      />
      <InlineEditActions busy={rename.isPending} saveLabel={L.save} cancelLabel={L.cancel} onCancel={onDone} />
    </form>
  );
}
