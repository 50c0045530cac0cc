// Cribbage's own web screen, as the page finds it through the registry: the table of a seat
// (`Table`, given the seat's view by seat-page.js) and the guided lesson (`Lesson`).

export { CribbageView as Table } from "./cribbage-view.js";
export { CribbageLessonView as Lesson } from "./cribbage-lesson.js";
