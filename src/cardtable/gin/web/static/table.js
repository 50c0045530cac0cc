// Gin Rummy's own web screen, as the page finds it through the registry: the table of a seat
// (`Table`, given the seat's view by seat-page.js) and the guided lesson (`Lesson`).

export { MatchView as Table } from "./match-view.js";
export { LessonView as Lesson } from "./lesson-view.js";
