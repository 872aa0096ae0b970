import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { SubmitActions } from '@web/components/ui/button';
import { CardSection } from '@web/components/ui/card-section';
import { TextField } from '@web/components/ui/field';
import { cancelOnEscape, focusNameField, InlineEditActions, useInlineEdit } from '@web/components/inline-edit';
import { COMMON_TEXTS } from '@web/config/texts';
import { LIBRARY_TEXTS } from '../texts';
import { isUnauthorized } from '@web/lib/api-client';
import { TAG_LIMITS } from '@domain/constants';
import { DeleteConfirm, EntityActions, EntityList, formAboveList, useDeleteConfirmation } from './entity-list';
import { tagsQuery, useCreateTag, useDeleteTag, useRenameTag, type Tag } from '../api/tags';
import { createTagError, tagNameToSend } from '../tag-form';
import '../library.css';

const L = LIBRARY_TEXTS.tags;

/** docs/product.md#screens-and-routes, the Tags tab: add, rename and delete tags. */
export const TagsTab = formAboveList(AddTagForm, TagList);

function AddTagForm() {
  const [name, setName] = useState('');

  const create = useCreateTag(() => {
    setName('');
    toast.success(L.added);
  });
  const error = create.isError && !isUnauthorized(create.error) ? createTagError(create.error) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const toSend = tagNameToSend(name);
    // docs/product.md#validation: an empty name on creation is silently ignored.
    if (toSend === null) return;
    create.mutate(toSend);
  };

  return (
    <CardSection title={L.addTitle}>
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
        <SubmitActions busy={create.isPending}>{L.add}</SubmitActions>
      </form>
    </CardSection>
  );
}

function TagList() {
  const tags = useQuery(tagsQuery());
  return <EntityList query={tags} title={L.listTitle} loadFailed={L.loadFailed} empty={L.empty} renderItem={(tag, onDeleted) => <TagItem tag={tag} onDeleted={onDeleted} />} />;
}

function TagItem({ tag, onDeleted }: { tag: Tag; onDeleted: () => void }) {
  const rename = useInlineEdit<HTMLDivElement>('rename');
  // docs/product.md#errors: a failed delete is not shown; the tag simply stays.
  const confirmation = useDeleteConfirmation(L.deleted, onDeleted, () => {});
  const remove = useDeleteTag(tag.id, confirmation.handlers);

  return (
    <div ref={rename.ref} className="panel stack stack--gap-3 entity">
      {rename.editing ? (
        <RenameTagForm tag={tag} onDone={rename.stop} />
      ) : (
        <div className="spread-row entity__head">
          <h3 className="entity__name">{tag.name}</h3>
          <EntityActions
            edit={{ action: 'rename', text: L.rename, label: L.renameLabel(tag.name), onClick: rename.start }}
            remove={{ text: COMMON_TEXTS.delete, label: L.deleteLabel(tag.name), busy: remove.isPending, onClick: confirmation.ask }}
          />
        </div>
      )}
      <DeleteConfirm confirmation={confirmation} name={tag.name} texts={L} remove={remove} />
    </div>
  );
}

/** Renaming needs a non-empty name (docs/product.md#validation). A refused rename is not shown (docs/product.md#errors): the form stays open with what was typed. */
function RenameTagForm({ tag, onDone }: { tag: Tag; onDone: () => void }) {
  const [name, setName] = useState(tag.name);
  const [emptyError, setEmptyError] = useState(false);

  const rename = useRenameTag(tag.id, () => {
    toast.success(L.renamed);
    onDone();
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
      <InlineEditActions busy={rename.isPending} saveLabel={COMMON_TEXTS.save} cancelLabel={COMMON_TEXTS.cancel} onCancel={onDone} />
    </form>
  );
}
