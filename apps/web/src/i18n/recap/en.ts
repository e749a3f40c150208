/** The recap of an ended activity (docs/recap.md). */
export const recap = {
  title: 'Recap',
  came: 'Who came ({{count}})',
  organiser: 'Organiser',
  attendance: { ATTENDED: 'Came', NO_SHOW: 'No-show', EXCUSED: 'Excused' },
  route: 'The route',
  time: 'Time',
  album: {
    title: 'Photos ({{count}})',
    openUntil: 'Add your photos until {{date}}.',
    closed: 'The album is closed to new photos.',
    private: 'Only the people who took part see them.',
    add: 'Add a photo',
    uploading: 'Uploading the photo',
    added: 'Your photo is in the album.',
    empty: 'No photos yet.',
    photoBy: 'Photo by {{name}}, {{time}}',
    delete: 'Delete the photo',
    deleteLabel: 'Delete the photo by {{name}}, {{time}}',
    deleteConfirm: 'Delete this photo from the album? It cannot be undone.',
    deleted: 'The photo is deleted.',
  },
};
