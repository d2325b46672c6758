/** Texts of issue 12's catalogue, tag and history fixes; ru.ts and en.ts take them as `catalogueFixes`. */
export const ruCatalogueFixes = {
  tagColor: {
    palette: 'Цвет тега',
    custom: 'Другой цвет',
    current: 'Выбран: {{color}}',
    invalid: 'Выберите цвет из палитры или в «Другой цвет»',
    swatch: '{{name}} ({{color}})',
    names: {
      blue: 'Синий',
      lightBlue: 'Голубой',
      cyan: 'Бирюзовый',
      teal: 'Сине-зелёный',
      green: 'Зелёный',
      lime: 'Салатовый',
      amber: 'Янтарный',
      orange: 'Оранжевый',
      red: 'Красный',
      darkRed: 'Тёмно-красный',
      pink: 'Розовый',
      purple: 'Фиолетовый',
      brown: 'Коричневый',
      grey: 'Серый',
      blueGrey: 'Серо-синий',
      black: 'Чёрный',
    },
  },
  tagNameTaken: 'Тег с таким названием уже есть',
};
