import type { Activity, CarpoolOffer, LatLng, RideRequest } from '@cordata/contract';
import { haversineMetres } from '@cordata/geo';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAcceptRideMutation,
  useCancelRideMutation,
  useCarpoolQuery,
  useDeclineRideMutation,
  useOfferSeatsMutation,
  useRequestRideMutation,
  useWithdrawOfferMutation,
} from '../../state/queries/logistics.ts';
import { reporting } from '../feedback.ts';
import { Action } from '../kit/Action.tsx';
import { fullName } from '../People/format.ts';
import { type PickedPlace, PlaceSearch } from '../PlaceSearch/PlaceSearch.tsx';

const km = (metres: number, language: string) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(metres / 1000);

const mapsLink = (p: LatLng) =>
  `https://www.openstreetmap.org/?mlat=${p.latitude}&mlon=${p.longitude}#map=17/${p.latitude}/${p.longitude}`;

type Form = { kind: 'offer' } | { kind: 'ride'; offerId?: string } | null;

/**
 * Carpools of an activity: seat offers with the seats left (live), ride requests ranked by the driver's
 * detour (told as a band: under 1 km, 1–3 km, over 3 km), and the exact pickup point once (and only once) a driver
 * accepted.
 */
export function Carpool({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const { activityId } = activity;
  const query = useCarpoolQuery(activityId);
  const [form, setForm] = useState<Form>(null);
  const meeting = activity.start ?? activity.route.start;
  const data = query.data;
  const myOffer = data?.offers.find((o) => o.mine);
  const myRequest = data?.requests.find((r) => r.mine);
  const driving = data?.requests.filter((r) => !r.mine) ?? [];

  return (
    <section className="logistics-card" data-testid="carpool">
      <h3>{t('logistics.carpool.title')}</h3>
      <p className="muted">{t('logistics.carpool.intro')}</p>
      {query.isError && <p className="error">{t('errors.INTERNAL')}</p>}
      {data && (
        <>
          {data.offers.length === 0 && <p data-testid="carpool-empty">{t('logistics.carpool.empty')}</p>}
          <ul className="logistics-list">
            {data.offers.map((offer) => (
              <OfferItem
                key={offer.offerId}
                offer={offer}
                meeting={meeting}
                canAsk={!myOffer && (!myRequest || myRequest.status === 'DECLINED')}
                onAsk={() => setForm({ kind: 'ride', offerId: offer.offerId })}
              />
            ))}
          </ul>

          {myRequest && <MyRide activityId={activityId} request={myRequest} />}

          {myOffer && (
            <div className="logistics-block" data-testid="carpool-requests">
              <h4>{t('logistics.carpool.requests')}</h4>
              {driving.length === 0 && (
                <p className="muted">
                  {t('logistics.carpool.noRequests', { km: km(data.maxDetourMetres, i18n.language) })}
                </p>
              )}
              <ul className="logistics-list">
                {driving.map((request) => (
                  <DriverRequest key={request.requestId} activityId={activityId} request={request} offer={myOffer} />
                ))}
              </ul>
            </div>
          )}

          <div className="logistics-actions">
            {/* A rider already in (or waiting for) a car does not also drive. */}
            {(!myRequest || myRequest.status === 'DECLINED') && (
              <Action
                kind="outline"
                testId="carpool-offer-open"
                onPress={() => setForm(form?.kind === 'offer' ? null : { kind: 'offer' })}
              >
                {myOffer ? t('logistics.carpool.editOffer') : t('logistics.carpool.offerSeats')}
              </Action>
            )}
            {!myOffer && !myRequest && (
              <Action
                kind="outline"
                testId="carpool-ride-open"
                onPress={() => setForm(form?.kind === 'ride' ? null : { kind: 'ride' })}
              >
                {t('logistics.carpool.askRide')}
              </Action>
            )}
          </div>
          {form?.kind === 'offer' && (
            <OfferForm activityId={activityId} offer={myOffer} near={meeting} onDone={() => setForm(null)} />
          )}
          {form?.kind === 'ride' && (
            <RideForm activityId={activityId} offerId={form.offerId} near={meeting} onDone={() => setForm(null)} />
          )}
        </>
      )}
    </section>
  );
}

function OfferItem({
  offer,
  meeting,
  canAsk,
  onAsk,
}: {
  offer: CarpoolOffer;
  meeting: LatLng | null;
  canAsk: boolean;
  onAsk: () => void;
}) {
  const { t, i18n } = useTranslation();
  const left = offer.seats - offer.seatsTaken;
  return (
    <li className="logistics-item" data-testid="carpool-offer" data-mine={offer.mine}>
      <div className="logistics-item-main">
        <strong>{offer.mine ? t('logistics.carpool.you') : fullName(offer.driver)}</strong>
        <span className={left > 0 ? 'tag tag-ok' : 'tag'} data-testid="carpool-seats-left">
          {left > 0 ? t('logistics.carpool.seatsLeft', { count: left }) : t('logistics.carpool.full')}
        </span>
      </div>
      {meeting && (
        <p className="muted">
          {t('logistics.carpool.fromAround', { km: km(haversineMetres(offer.area, meeting), i18n.language) })}
        </p>
      )}
      {offer.costNote && <p className="muted">{offer.costNote}</p>}
      {offer.passengers.length > 0 && (
        <p className="muted">
          {t('logistics.carpool.passengers', { names: offer.passengers.map((p) => fullName(p)).join(', ') })}
        </p>
      )}
      {!offer.mine && canAsk && left > 0 && (
        <Action kind="ghost" testId="carpool-ask-this" onPress={onAsk}>
          {t('logistics.carpool.askThisCar')}
        </Action>
      )}
    </li>
  );
}

function PickupPoint({ point }: { point: LatLng }) {
  const { t } = useTranslation();
  return (
    <p data-testid="carpool-pickup">
      <strong>{t('logistics.carpool.pickupAt')}:</strong> {point.latitude.toFixed(5)}, {point.longitude.toFixed(5)} ·{' '}
      <a href={mapsLink(point)} target="_blank" rel="noreferrer">
        {t('logistics.carpool.openInMaps')}
      </a>
    </p>
  );
}

function MyRide({ activityId, request }: { activityId: string; request: RideRequest }) {
  const { t } = useTranslation();
  const cancel = useCancelRideMutation(activityId);
  return (
    <div className="logistics-block" data-testid="carpool-my-request" data-status={request.status}>
      <h4>{t('logistics.carpool.myRequest')}</h4>
      <p>
        <span className={request.status === 'ACCEPTED' ? 'tag tag-ok' : 'tag'}>
          {t(`logistics.carpool.status.${request.status}`)}
        </span>
      </p>
      {request.pickup && <PickupPoint point={request.pickup} />}
      <Action
        kind="ghost"
        testId="carpool-cancel"
        pending={cancel.isPending}
        onPress={() => cancel.mutate(request.requestId, reporting())}
      >
        {t('logistics.carpool.cancel')}
      </Action>
    </div>
  );
}

function DriverRequest({
  activityId,
  request,
  offer,
}: {
  activityId: string;
  request: RideRequest;
  offer: CarpoolOffer;
}) {
  const { t } = useTranslation();
  const accept = useAcceptRideMutation(activityId);
  const decline = useDeclineRideMutation(activityId);
  const busy = accept.isPending || decline.isPending;
  return (
    <li className="logistics-item" data-testid="carpool-request" data-status={request.status}>
      <div className="logistics-item-main">
        <strong>{fullName(request.rider)}</strong>
        {request.detour !== null && (
          <span className="tag" data-testid="carpool-detour">
            {t(`logistics.carpool.detour.${request.detour}`)}
          </span>
        )}
      </div>
      {request.pickup && <PickupPoint point={request.pickup} />}
      {request.status === 'PENDING' && (
        <div className="logistics-actions">
          <Action
            testId="carpool-accept"
            pending={busy}
            onPress={() => accept.mutate({ requestId: request.requestId, offerId: offer.offerId }, reporting())}
          >
            {t('logistics.carpool.accept')}
          </Action>
          {request.offerId === offer.offerId && (
            <Action
              kind="ghost"
              testId="carpool-decline"
              pending={busy}
              onPress={() => decline.mutate(request.requestId, reporting())}
            >
              {t('logistics.carpool.decline')}
            </Action>
          )}
        </div>
      )}
      {request.status === 'ACCEPTED' && <span className="tag tag-ok">{t('logistics.carpool.status.ACCEPTED')}</span>}
    </li>
  );
}

function OfferForm({
  activityId,
  offer,
  near,
  onDone,
}: {
  activityId: string;
  offer: CarpoolOffer | undefined;
  near: LatLng | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const seatsId = useId();
  const noteId = useId();
  const [seats, setSeats] = useState(offer?.seats ?? 3);
  const [place, setPlace] = useState<PickedPlace | null>(null);
  const [note, setNote] = useState(offer?.costNote ?? '');
  const [missing, setMissing] = useState(false);
  const save = useOfferSeatsMutation(activityId);
  const withdraw = useWithdrawOfferMutation(activityId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Changing an offer keeps the origin given before (the server holds it); a new offer needs one.
    if (!place && !offer) return setMissing(true);
    save.mutate(
      {
        seats,
        origin: place ? { latitude: place.latitude, longitude: place.longitude } : undefined,
        costNote: note.trim() || undefined,
      },
      reporting(undefined, onDone),
    );
  };
  return (
    <form className="logistics-form" onSubmit={submit} data-testid="carpool-offer-form">
      <label htmlFor={seatsId}>{t('logistics.carpool.seats')}</label>
      <select id={seatsId} value={seats} data-testid="carpool-seats" onChange={(e) => setSeats(Number(e.target.value))}>
        {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <PlacePick
        label={t('logistics.carpool.leavingFrom')}
        near={near}
        testId="carpool-origin"
        place={place}
        missing={missing}
        onSelect={(p) => {
          setPlace(p);
          setMissing(false);
        }}
      />
      <label htmlFor={noteId}>{t('logistics.carpool.costNote')}</label>
      <input
        id={noteId}
        value={note}
        maxLength={200}
        placeholder={t('logistics.carpool.costNotePlaceholder')}
        data-testid="carpool-cost-note"
        onChange={(e) => setNote(e.target.value)}
      />
      <Action type="submit" block testId="carpool-offer-save" pending={save.isPending}>
        {t('logistics.carpool.submitOffer')}
      </Action>
      {offer && (
        <Action
          kind="ghost"
          block
          testId="carpool-withdraw"
          pending={withdraw.isPending}
          onPress={() => withdraw.mutate(offer.offerId, reporting(undefined, onDone))}
        >
          {t('logistics.carpool.withdraw')}
        </Action>
      )}
    </form>
  );
}

function RideForm({
  activityId,
  offerId,
  near,
  onDone,
}: {
  activityId: string;
  offerId?: string;
  near: LatLng | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [place, setPlace] = useState<PickedPlace | null>(null);
  const [missing, setMissing] = useState(false);
  const ask = useRequestRideMutation(activityId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!place) return setMissing(true);
    ask.mutate(
      { pickup: { latitude: place.latitude, longitude: place.longitude }, offerId },
      reporting(undefined, onDone),
    );
  };
  return (
    <form className="logistics-form" onSubmit={submit} data-testid="carpool-ride-form">
      <PlacePick
        label={t('logistics.carpool.pickupNear')}
        near={near}
        testId="carpool-pickup-search"
        pickedTestId="carpool-pickup-picked"
        place={place}
        missing={missing}
        onSelect={(p) => {
          setPlace(p);
          setMissing(false);
        }}
      />
      <Action type="submit" block testId="carpool-ride-send" pending={ask.isPending}>
        {t('logistics.carpool.submitRequest')}
      </Action>
    </form>
  );
}

/** The place search of a carpool form, the place picked under it, and the note when none is. */
function PlacePick({
  label,
  near,
  testId,
  pickedTestId = `${testId}-picked`,
  place,
  missing,
  onSelect,
}: {
  label: string;
  near: LatLng | null;
  testId: string;
  pickedTestId?: string;
  place: PickedPlace | null;
  missing: boolean;
  onSelect: (place: PickedPlace) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PlaceSearch label={label} near={near ?? undefined} testId={testId} onSelect={onSelect} />
      {place && (
        <p className="muted" data-testid={pickedTestId}>
          {place.label}
        </p>
      )}
      {missing && <p className="error">{t('logistics.carpool.pickPlace')}</p>}
    </>
  );
}
