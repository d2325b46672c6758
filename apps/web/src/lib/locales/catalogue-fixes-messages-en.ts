import type { ruCatalogueFixes } from './catalogue-fixes-messages';

export const enCatalogueFixes: typeof ruCatalogueFixes = {
  tagColor: {
    palette: 'Tag colour',
    custom: 'Other colour',
    current: 'Chosen: {{color}}',
    invalid: 'Pick a colour from the palette or under “Other colour”',
    swatch: '{{name}} ({{color}})',
    names: {
      blue: 'Blue',
      lightBlue: 'Light blue',
      cyan: 'Cyan',
      teal: 'Teal',
      green: 'Green',
      lime: 'Lime',
      amber: 'Amber',
      orange: 'Orange',
      red: 'Red',
      darkRed: 'Dark red',
      pink: 'Pink',
      purple: 'Purple',
      brown: 'Brown',
      grey: 'Grey',
      blueGrey: 'Blue grey',
      black: 'Black',
    },
  },
  tagNameTaken: 'A tag with this name already exists',
};
