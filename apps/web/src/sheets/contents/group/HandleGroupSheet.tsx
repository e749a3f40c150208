import type { Group, GroupType, Place } from '@cordata/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { uploadFile } from '../../../api/upload.ts';
import { showError, showErrorText, showSuccess } from '../../../components/feedback.ts';
import { Chip, SportChips } from '../../../components/forms/Chips.tsx';
import { TextField } from '../../../components/forms/Field.tsx';
import { nameProblem, problemsOf } from '../../../components/forms/validation.ts';
import { GroupPicture } from '../../../components/Group/GroupCard.tsx';
import { PlaceSearch } from '../../../components/PlaceSearch/PlaceSearch.tsx';
import { CONSENT_TEXT_MAX, DEFAULT_MAP_CENTER, GROUP_TYPES, IMAGE_TYPES } from '../../../contract.ts';
import { useCreateGroupMutation, useGroupQuery, useUpdateGroupMutation } from '../../../state/queries/group.ts';
import { useSheetStore } from '../../store.ts';
import type { SheetParams } from '../../types.ts';
import '../../../components/Group/group.css';
import '../FiltersSheet.css';

interface GroupForm {
  name: string;
  description: string;
  type: GroupType;
  sportIds: string[];
  location: Place | null;
  picture: string | null;
  /** A text people accept before joining (docs/consent.md); empty: none. */
  consentText: string;
}

const emptyForm: GroupForm = {
  name: '',
  description: '',
  type: 'OPEN',
  sportIds: [],
  location: null,
  picture: null,
  consentText: '',
};

const formOf = (group: Group): GroupForm => ({
  name: group.name,
  description: group.description,
  type: group.type,
  sportIds: group.sportIds,
  location: group.location,
  picture: group.picture,
  consentText: group.consent?.text ?? '',
});

/** The handle-group sheet (spec §2, step info): creates a group, or edits one with `groupId`. */
export function HandleGroupContent({ sheetKey, params }: { sheetKey: number; params: SheetParams['handle-group'] }) {
  const { t } = useTranslation();
  const editing = useGroupQuery(params.groupId);
  if (!params.groupId) return <GroupFormBody sheetKey={sheetKey} initial={emptyForm} />;
  if (editing.isPending) return <p className="sheet-body muted">{t('common.loading')}</p>;
  if (editing.isError) return <p className="sheet-body placeholder">{t('errors.GROUP_NOT_FOUND')}</p>;
  return <GroupFormBody sheetKey={sheetKey} groupId={params.groupId} initial={formOf(editing.data)} />;
}

function GroupFormBody({ sheetKey, groupId, initial }: { sheetKey: number; groupId?: string; initial: GroupForm }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = useId();
  const [form, setForm] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreateGroupMutation();
  const update = useUpdateGroupMutation();
  const saving = create.isPending || update.isPending;
  const problems = problemsOf({ name: nameProblem(form.name) });

  const set = <K extends keyof GroupForm>(key: K, value: GroupForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const toggleSport = (sportId: string) =>
    set(
      'sportIds',
      form.sportIds.includes(sportId) ? form.sportIds.filter((s) => s !== sportId) : [...form.sportIds, sportId],
    );

  const choosePicture = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      set('picture', await uploadFile(file, 'GROUP_PICTURE', setProgress));
    } catch {
      // Spec §8: upload errors speak of permissions, the usual cause on a phone.
      showErrorText(t('messages.uploadPermission'));
    } finally {
      setProgress(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    const input = {
      name: form.name.trim(),
      description: form.description.trim(),
      type: form.type,
      sportIds: form.sportIds,
      location: form.location,
      picture: form.picture,
      consentText: form.consentText.trim() || null,
    };
    const close = () => useSheetStore.getState().close(sheetKey);
    if (groupId) {
      update.mutate(
        { ...input, groupId },
        {
          onSuccess: () => {
            close();
            showSuccess(t('group.feedback.saved'));
          },
          onError: (e) => showError(e),
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: ({ group }) => {
          close();
          showSuccess(t('group.feedback.created'));
          navigate(`/view-group/${group.groupId}`);
        },
        onError: (e) => showError(e),
      });
    }
  };

  return (
    <form className="handle-group" onSubmit={submit} noValidate data-testid="handle-group-sheet">
      <div className="sheet-body filters">
        <TextField
          label={t('group.form.name')}
          value={form.name}
          onChange={(v) => set('name', v)}
          problem={problems.name ?? null}
          showProblem={submitted}
          testId="group-name-input"
          maxLength={40}
          nameRules
        />
        <div className="field">
          <label htmlFor={`${ids}-description`}>{t('group.form.description')}</label>
          <textarea
            id={`${ids}-description`}
            data-testid="group-description-input"
            value={form.description}
            maxLength={2000}
            rows={4}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-consent`}>{t('consent.fieldLabel')}</label>
          <textarea
            id={`${ids}-consent`}
            data-testid="group-consent-input"
            aria-describedby={`${ids}-consent-hint`}
            value={form.consentText}
            maxLength={CONSENT_TEXT_MAX}
            rows={3}
            onChange={(e) => set('consentText', e.target.value)}
          />
          <p id={`${ids}-consent-hint`} className="field-hint">
            {t('consent.fieldHint')}
          </p>
        </div>
        <fieldset className="filters-section">
          <legend>{t('group.form.type')}</legend>
          <div className="filters-chips">
            {GROUP_TYPES.map((type) => (
              <Chip
                key={type}
                on={form.type === type}
                radioName={`${ids}-type`}
                testId={`group-type-${type}`}
                onChange={() => set('type', type)}
              >
                {t(`group.type.${type}`)}
              </Chip>
            ))}
          </div>
          <p className="muted">{t(`group.typeHint.${form.type}`)}</p>
        </fieldset>
        <fieldset className="filters-section">
          <legend>{t('group.form.sports')}</legend>
          <SportChips selected={form.sportIds} onToggle={toggleSport} testIdPrefix="group-sport" />
        </fieldset>
        <section className="filters-section">
          <PlaceSearch
            testId="group-place"
            label={t('group.form.location')}
            placeholder={t('group.form.locationSearch')}
            near={form.location ?? DEFAULT_MAP_CENTER}
            onSelect={(place) =>
              set('location', { latitude: place.latitude, longitude: place.longitude, address: place.label })
            }
          />
          <div className="filters-chosen" data-testid="group-chosen-place">
            <span>{form.location?.address ?? t('group.form.noLocation')}</span>
            {form.location && (
              <button type="button" className="btn btn-ghost" onClick={() => set('location', null)}>
                {t('group.form.clearLocation')}
              </button>
            )}
          </div>
        </section>
        <section className="filters-section">
          <h3>{t('group.form.picture')}</h3>
          <div className="picture-field group-picture-field">
            <GroupPicture
              group={{ name: form.name || '?', picture: form.picture, sportIds: form.sportIds }}
              size={72}
            />
            <label htmlFor={`${ids}-picture`} className="btn btn-outline">
              {form.picture ? t('group.form.changePicture') : t('group.form.choosePicture')}
            </label>
            <input
              id={`${ids}-picture`}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              className="visually-hidden"
              data-testid="group-picture-input"
              disabled={progress !== null}
              onChange={(e) => void choosePicture(e.target.files?.[0])}
            />
            {form.picture && (
              <button type="button" className="btn btn-ghost" onClick={() => set('picture', null)}>
                {t('group.form.removePicture')}
              </button>
            )}
          </div>
          {progress !== null && (
            <>
              <progress className="upload-progress" max={1} value={progress} />
              <small className="muted">{t('group.form.uploading', { percent: Math.round(progress * 100) })}</small>
            </>
          )}
        </section>
      </div>
      <div className="sheet-footer">
        <button
          type="submit"
          className="btn btn-primary btn-block"
          data-testid="group-save"
          disabled={saving || progress !== null}
        >
          {groupId ? t('group.form.save') : t('group.form.create')}
        </button>
      </div>
    </form>
  );
}
