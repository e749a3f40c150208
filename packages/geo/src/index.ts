export { CALIBRATION, calibratedMinutes, calibrationFactor, type Outcome } from './calibration.ts';
export { columnsOfGpx, gpxOfColumns, type PointColumns } from './columns.ts';
export {
  EARTH_RADIUS_METRES,
  haversineMetres,
  lineLengthMetres,
  pointsRouteDistance,
  totalDistanceMetres,
} from './distance.ts';
export { formatDuration, type HoursAndMinutes, minutesBetween, splitDuration } from './duration.ts';
export {
  ELEVATION_GAIN_METHOD,
  type ElevatedPoint,
  elevationGain,
  elevationLoss,
  hasElevation,
  hysteresisGain,
  SMOOTHED_ELEVATION_GAIN_METHOD,
  SMOOTHING_STEP_METRES,
  SMOOTHING_THRESHOLD_METRES,
  type SmoothingOptions,
  smoothedElevationGain,
} from './elevation.ts';
export { GpxError, type GpxErrorCode, isGpxError } from './errors.ts';
export { isFitSignature, parseFit } from './fit.ts';
export { type FitRecordPoint, writeFit } from './fit-writer.ts';
export { GPX_MAX_BYTES, GPX_MAX_POINTS, type ParseGpxOptions, parseGpx, parseGpxColumns } from './gpx.ts';
export {
  type DeclaredLevel,
  GROUP_MIN_CLIMB_SHARE,
  type GroupLimit,
  type GroupMovingTime,
  groupMovingTime,
} from './group-eta.ts';
export { parseKml } from './kml.ts';
export {
  cyclingHours,
  DIN_33466,
  din33466Hours,
  estimateMovingTime,
  KM_EFFORT_METRES_PER_KM,
  kmEffortHours,
  MOVING_TIME_MODELS,
  MOVING_TIME_ROUNDING_MINUTES,
  type MovingTimeEstimate,
  type MovingTimeModel,
  modelHours,
  type RouteEffort,
} from './moving-time.ts';
export {
  type IntensityKind,
  PARTNER_FIT_PACE_STRETCH,
  PARTNER_FIT_STRETCH,
  type PartnerFit,
  type PartnerFitLevel,
  type PartnerFitRoute,
  partnerFit,
  routeFigure,
} from './partner-fit.ts';
export {
  type Interpolate,
  isInsideZones,
  trimGpx,
  trimOutsideZones,
  type VisiblePiece,
  ZONE_CUT_MARGIN_METRES,
  type ZoneCircle,
} from './privacy-zones.ts';
export { elevationProfile, PROFILE_MAX_POINTS } from './profile.ts';
export {
  matchRecording,
  RECORDING_MATCH,
  RECORDING_MOVING,
  type RecordedPoint,
  type Recording,
  type RecordingMatch,
  recordingOf,
  thinRecording,
} from './recording.ts';
export { roundTo2Decimals } from './rounding.ts';
export {
  asTrack,
  elevatedLine,
  parseRouteFile,
  parseRouteFileColumns,
  type RouteFileFormat,
  routeFileFormat,
  thinGpx,
  thinGpxColumns,
  writeGpx,
} from './route-file.ts';
export {
  ELEVATION_SAMPLE_MAX,
  ELEVATION_SAMPLE_SPACING_METRES,
  pointAtDistance,
  type SampleOptions,
  sampleLine,
} from './sample.ts';
export { SIMPLIFY_MAX_POINTS, SIMPLIFY_TOLERANCE_METRES, type SimplifyOptions, simplifyLine } from './simplify.ts';
export {
  boundsOf,
  gpxLines,
  type RoutePoint,
  type RouteStats,
  type RouteStatsOptions,
  routeStats,
  routeStatsOfColumns,
} from './stats.ts';
export { parseTcx } from './tcx.ts';
export type { Bounds, Gpx, GpxPoint, GpxRoute, GpxTrack, GpxWaypoint, LatLng, ProfilePoint } from './types.ts';
export {
  matchRouteToWays,
  WAY_MATCH_STEP_METRES,
  WAY_MATCH_TOLERANCE_METRES,
  type WayMatch,
  type WayMatchOptions,
} from './way-match.ts';
