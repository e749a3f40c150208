import type { LegalTexts } from './types.ts';

export const legalEn: LegalTexts = {
  privacy: {
    title: 'Privacy policy',
    updated: '2026-11-21',
    intro:
      'Cordata is a social app that helps people find partners for outdoor sports, plan activities, join groups and chat. This policy explains which personal data we process when you use the Cordata app and website, why we do it, how long we keep it and which rights you have under the EU General Data Protection Regulation (GDPR).',
    sections: [
      {
        heading: '1. Who is responsible',
        paragraphs: [
          'The controller of your personal data is the operator of Cordata. You can reach us for anything about privacy at {email}.',
        ],
      },
      {
        heading: '2. Data we collect',
        paragraphs: [
          'Account data: your e-mail address and a password, which we store only as a secure hash. We send one-time codes to your e-mail address to confirm it and to reset your password.',
          'Profile data: first and last name, username, birth date, gender, country, city of residence, an optional phone number, an optional profile picture, your sports and the intensity you train at, and your notification preferences.',
          'Location: when you search for activities, groups or people nearby, or create an activity with a route, we use the position you give us or, with your permission, the position of your device. We use it to answer that search and do not keep a history of your movements.',
          'Activities and groups: what you create or join, including name, sport, date and time, description, route, GPX track, difficulty, participants, invitations, access requests and the reasons given for a rejection.',
          'Chats: the messages you send in activity and group chats, and when you last read them.',
          'Contacts: the people you connect with and the requests you send or receive.',
          'Technical data: a push notification token for your device, the time you were last online, the app version, and security logs (such as sign-in attempts) that protect the service.',
          'Usage statistics: only if you turn them on in the settings, anonymous statistics on how the app is used, through a tag manager. They stay off until you consent.',
        ],
      },
      {
        heading: '3. Why we use your data, and on what legal basis',
        paragraphs: [
          'To provide the service you asked for: your account, profile, activities, groups, contacts, chats and notifications (performance of the contract, Art. 6(1)(b) GDPR).',
          'To keep Cordata safe: preventing abuse, handling reports and securing accounts (legitimate interest, Art. 6(1)(f) GDPR).',
          'To use your location for nearby searches and routes (your consent, Art. 6(1)(a) GDPR, which you can withdraw at any time in the settings of your device).',
          'To measure and improve the app with anonymous statistics (your consent, which you can withdraw in the settings).',
          'To meet legal obligations, such as answering requests of the authorities (Art. 6(1)(c) GDPR).',
        ],
      },
      {
        heading: '4. Who can see what',
        paragraphs: [
          'Other users see your public profile: name, username, profile picture, city, country, age, gender and sports. They never see your e-mail address, phone number or birth date.',
          'Participants of an activity or members of a group see who else takes part and the messages of its chat. Activities you publish are visible according to the visibility you choose.',
          'We use service providers for hosting, e-mail delivery, push notifications and map services. They process data only on our instructions and under data processing agreements. We do not sell your personal data.',
        ],
      },
      {
        heading: '5. How long we keep it',
        paragraphs: [
          'We keep your account and profile while your account exists. When you delete your account, we erase your profile, contacts, notifications and push tokens within 30 days; messages you sent in group chats are anonymised.',
          'Activities you created are deleted with your account, unless other participants still rely on them, in which case they are anonymised.',
          'One-time codes expire after 10 minutes. Security logs are kept for up to 12 months. Backups are overwritten within 35 days.',
        ],
      },
      {
        heading: '6. Your rights',
        paragraphs: [
          'Under the GDPR you have the right to access your data, to have it corrected, to have it erased, to restrict or object to its processing, and to receive it in a portable format. Where we rely on your consent, you may withdraw it at any time without affecting what was done before.',
          'To exercise these rights write to {email}. We answer within one month. You also have the right to lodge a complaint with a supervisory authority, in Italy the Garante per la protezione dei dati personali.',
        ],
      },
      {
        heading: '7. Minimum age',
        paragraphs: [
          'Cordata is meant for people who are at least 16 years old. We do not knowingly collect data of younger people; if we learn that an account belongs to someone under 16, we delete it.',
        ],
      },
      {
        heading: '8. Security and transfers',
        paragraphs: [
          'Data travels encrypted (HTTPS) and passwords are stored as hashes. Access to personal data is limited to the people who need it to run the service.',
          'We store data in the European Union. If a provider processes data outside the EU, we rely on an adequacy decision or on the standard contractual clauses of the European Commission.',
        ],
      },
      {
        heading: '9. Changes to this policy',
        paragraphs: [
          'If we change this policy in a way that matters, we tell you in the app before the change takes effect. The date at the top shows the latest version.',
        ],
      },
      {
        heading: '10. Contact',
        paragraphs: ['For any question about this policy or your data, write to {email}.'],
      },
    ],
  },
  terms: {
    title: 'Terms of service',
    updated: '2026-11-21',
    intro:
      'These terms govern your use of Cordata, the app and website that help outdoor sports enthusiasts find partners, organise activities, form groups and chat. By creating an account you accept these terms and our privacy policy.',
    sections: [
      {
        heading: '1. Who may use Cordata',
        paragraphs: [
          'You must be at least 16 years old to create an account. You must give true information about yourself and keep your e-mail address up to date.',
          'Your account is personal. Keep your password secret and tell us at {email} if you think someone else uses your account.',
        ],
      },
      {
        heading: '2. What Cordata offers',
        paragraphs: [
          'Cordata lets you create a profile with your sports, find people and groups, create and join activities with a route and a difficulty, invite contacts, chat and receive notifications.',
          'Cordata is a meeting place. We do not organise, guide or supervise the activities that users publish, and we do not check routes, equipment, weather or the abilities of participants.',
        ],
      },
      {
        heading: '3. Outdoor activities are at your own risk',
        paragraphs: [
          'Outdoor sports involve risks, including injury and, in extreme cases, death. You take part in any activity at your own risk and responsibility.',
          'Before you join, judge honestly whether the route, the distance, the elevation gain and the difficulty suit your fitness and experience. Check the weather and the conditions of the route, bring suitable equipment, tell someone where you are going, and turn back when it is not safe.',
          'Routes, distances, elevations and difficulties in Cordata are indications given by users or computed from their data: they may be wrong or outdated. Follow local rules, signs and the instructions of the authorities and of rescue services.',
        ],
      },
      {
        heading: '4. Organising an activity',
        paragraphs: [
          'If you create an activity, describe it honestly: route, difficulty, required time, meeting point and anything participants must know or bring. Do not present yourself as a professional guide or instructor unless you are one and hold the qualifications required where the activity takes place.',
          'As an admin of an activity or group you decide on access requests; when you reject one, give a respectful reason.',
        ],
      },
      {
        heading: '5. How to behave',
        paragraphs: [
          'Treat other users with respect, on the app and on the trail. Harassment, threats, hate speech, discrimination, sexual content, spam, scams and advertising without our consent are not allowed.',
          'Do not publish other people’s personal data, do not impersonate anyone, and share only content you have the right to share.',
          'Respect nature and the places you visit: stay on marked paths where required, leave no trace, and respect protected areas and private property.',
          'Any user may report a person, an activity, a group or a message. We review reports and may remove content.',
        ],
      },
      {
        heading: '6. Your content',
        paragraphs: [
          'You keep the rights to what you publish. You allow us to store, show and transmit it to the users you share it with, only to run Cordata. This permission ends when you delete the content or your account, except for copies other users already received in chats.',
        ],
      },
      {
        heading: '7. Suspension and termination',
        paragraphs: [
          'We may suspend or close an account that breaks these terms or puts others at risk. You may delete your account at any time from the settings of the app.',
        ],
      },
      {
        heading: '8. Liability',
        paragraphs: [
          'We provide Cordata as it is and work to keep it available and secure, but we cannot guarantee that it is always available or free of errors.',
          'To the extent the law allows, we are not liable for what happens during activities organised through Cordata, nor for the behaviour of other users. Nothing in these terms limits liability that cannot be limited by law, such as for wilful misconduct or gross negligence, or your rights as a consumer.',
        ],
      },
      {
        heading: '9. Changes',
        paragraphs: [
          'We may update these terms. If a change matters, we tell you in the app in advance; if you do not agree, you may delete your account.',
        ],
      },
      {
        heading: '10. Law and contact',
        paragraphs: [
          'These terms are governed by Italian law, without prejudice to the mandatory protections of the country where you live as a consumer. For any question write to {email}.',
        ],
      },
    ],
  },
};
