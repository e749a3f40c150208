import type { UserSport } from '@cordata/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../api/client.ts';
import { Screen } from '../../components/Screen.tsx';
import { isLanguage } from '../../i18n/index.ts';
import { DoneStep } from './steps/DoneStep.tsx';
import { IntensityStep } from './steps/IntensityStep.tsx';
import { IntroStep } from './steps/IntroStep.tsx';
import { emptyPersonal, type Personal, PersonalStep } from './steps/PersonalStep.tsx';
import { PictureStep } from './steps/PictureStep.tsx';
import { SportsStep } from './steps/SportsStep.tsx';
import './CreateProfile.css';

const STEPS = ['intro', 'picture', 'personal', 'sports', 'intensity', 'done'] as const;
type Step = (typeof STEPS)[number];

/** The profile wizard of spec §4: introduction, picture, personal data, sports, intensity, completed. */
export default function CreateProfile() {
  const { t, i18n } = useTranslation();
  const [step, setStep] = useState<Step>('intro');
  const [picture, setPicture] = useState<string | null>(null);
  const [personal, setPersonal] = useState<Personal>(emptyPersonal);
  const [sportIds, setSportIds] = useState<string[]>([]);
  const [usernameTaken, setUsernameTaken] = useState<string | null>(null);
  const [name, setName] = useState('');
  const index = STEPS.indexOf(step);
  const go = (next: Step) => setStep(next);

  return (
    <Screen title={t('screens.createProfile')} testId="create-profile-screen">
      <div className="wizard" data-testid={`profile-step-${step}`}>
        <div className="wizard-progress" aria-hidden="true">
          <span style={{ width: `${((index + 1) / STEPS.length) * 100}%` }} />
        </div>
        <p className="wizard-step-of">{t('auth.profile.stepOf', { n: index + 1, total: STEPS.length })}</p>
        {step === 'intro' && <IntroStep onNext={() => go('picture')} />}
        {step === 'picture' && (
          <PictureStep
            picture={picture}
            onPicture={setPicture}
            onBack={() => go('intro')}
            onNext={() => go('personal')}
          />
        )}
        {step === 'personal' && (
          <PersonalStep
            value={personal}
            onChange={setPersonal}
            taken={usernameTaken}
            onTaken={setUsernameTaken}
            onBack={() => go('picture')}
            onNext={() => go('sports')}
          />
        )}
        {step === 'sports' && (
          <SportsStep
            selected={sportIds}
            onChange={setSportIds}
            onBack={() => go('personal')}
            onNext={() => go('intensity')}
          />
        )}
        {step === 'intensity' && (
          <IntensityStep
            sportIds={sportIds}
            onBack={() => go('sports')}
            submit={async (sports) => {
              try {
                const user = await createProfile({ personal, picture, sports });
                setName(user.firstName ?? '');
                go('done');
              } catch (error) {
                if (isApiError(error) && error.code === 'USERNAME_TAKEN') {
                  setUsernameTaken(personal.username.trim().toLowerCase());
                  go('personal');
                  return;
                }
                throw error;
              }
            }}
          />
        )}
        {step === 'done' && <DoneStep name={name} />}
      </div>
    </Screen>
  );

  async function createProfile(input: { personal: Personal; picture: string | null; sports: UserSport[] }) {
    const p = input.personal;
    const { user } = await api('auth/create-profile', {
      firstName: p.firstName.trim(),
      lastName: p.lastName.trim(),
      username: p.username.trim(),
      birthDate: p.birthDate,
      gender: p.gender,
      country: p.country.trim(),
      city: p.city.trim(),
      phone: p.phone.trim() || undefined,
      profilePicture: input.picture ?? undefined,
      language: isLanguage(i18n.language) ? i18n.language : undefined,
      sports: input.sports,
    });
    return user;
  }
}
