/** The credit the ODbL asks for wherever OpenStreetMap's data is used. */
export function OsmAttribution() {
  return (
    <p className="muted osm-attribution" data-testid="osm-attribution">
      ©{' '}
      <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">
        OpenStreetMap contributors
      </a>
    </p>
  );
}
