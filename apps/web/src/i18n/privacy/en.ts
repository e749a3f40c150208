/** Settings › Privacy zones (issue 23, docs/privacy.md). */
export const privacy = {
  title: 'Privacy zones',
  intro:
    'Around your home or work: routes, GPX files and live positions inside a zone are hidden from everyone else. You still see them.',
  offset:
    'The circle is drawn at a random offset around your point, so nobody can find the point from its centre. Draw a new circle if you think it has been worked out.',
  empty: 'No privacy zones yet.',
  zone: 'Zone {{number}}',
  radius: 'Radius',
  metres: '{{metres}} m',
  labelField: 'Name (optional)',
  labelPlaceholder: 'Home, work…',
  pick: 'Search a place or tap the map to put the zone’s point.',
  place: 'Place',
  placeholder: 'Search an address or a place',
  picked: 'Point chosen',
  add: 'Add the zone',
  added: 'The zone is added: what lies inside is hidden from now on, also on routes you made before.',
  full: 'You have {{max}} zones, the most: delete one to add another.',
  regenerate: 'Draw a new circle',
  regenerated: 'A new circle is drawn around the same point.',
  delete: 'Delete',
  deleteTitle: 'Delete the privacy zone',
  deleteConfirm: 'What lies inside will be visible again to the people who see your routes.',
  deleted: 'The zone is deleted.',
  map: 'Your privacy zones',
};
