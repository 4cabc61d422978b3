package io.streamscope.lesson;

import java.util.Optional;

/**
 * One step of the lesson: the part of the chapter it tells, the sample and batch it opens, the mode it shows, the
 * evidence it points at, and what the students read.
 *
 * @param number   1-based, in the chapter's order
 * @param part     the chapter's part ({@code The model}, {@code Sources}, …)
 * @param title    the step's own title
 * @param sample   the bundled sample folder it opens ({@code shop-totals-update})
 * @param batchId  the batch it selects
 * @param mode     the output mode it sets, when it sets one ({@code update}, …)
 * @param evidence what it highlights
 * @param text     one or two sentences for students
 */
public record LessonStep(int number, String part, String title, String sample, long batchId, Optional<String> mode,
                         Evidence evidence, String text) {
}
