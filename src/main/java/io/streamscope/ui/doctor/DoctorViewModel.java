package io.streamscope.ui.doctor;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.doctor.Doctor;
import io.streamscope.doctor.Finding;
import io.streamscope.doctor.Handover;
import io.streamscope.topic.TopicSource;
import io.streamscope.task.Work;
import io.streamscope.ui.replay.TopicChoice;
import io.streamscope.ui.tasks.LatestRunWins;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * The doctor's findings and the handover of the open checkpoint ({@link Doctor}, {@link Handover}), computed off the
 * FX thread whenever a checkpoint opens or its topic source changes (the newest run wins), and what the header's
 * badge says. With a topic source the doctor also checks {@code offsets-expired}; a source that cannot be opened
 * leaves that check out and says so. FX thread only.
 */
public final class DoctorViewModel {

    /** What one run found: the findings, the handover (null when it could not be made), and a remark on the run. */
    record Examination(List<Finding> findings, Handover handover, String remark) {
    }

    private final ObservableList<Finding> findings = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Handover> handover = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper remark = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Finding.Severity> worst = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper badgeText = new ReadOnlyStringWrapper("");
    private final StringProperty language = new SimpleStringProperty("python");
    private final StringBinding snippet;
    private final ReadOnlyIntegerWrapper published = new ReadOnlyIntegerWrapper();
    private final ReadOnlyIntegerWrapper showRequests = new ReadOnlyIntegerWrapper();
    /** A newer examination cancels an older one, whose findings are then never shown. */
    private final LatestRunWins<Examination> runs;

    public DoctorViewModel(Executor background) {
        this.runs = new LatestRunWins<>(background);
        snippet = Bindings.createStringBinding(() -> handover.get() == null ? ""
                : handover.get().snippet(language.get()), handover, language);
    }

    /** Examines the checkpoint in the background, with the topic source when one is chosen (else without it). */
    public void examine(Checkpoint checkpoint, TopicChoice topic) {
        runs.supersede();
        if (checkpoint == null) {
            show(new Examination(List.of(), null, ""));
            return;
        }
        runs.run("Examining the checkpoint (doctor, handover)", work -> compute(checkpoint, topic, work), this::show,
                error -> show(new Examination(List.of(), null, "The doctor could not examine this checkpoint: " + error)));
    }

    /** No checkpoint open: nothing found, nothing to hand over; a run still under way is ignored. */
    public void clear() {
        runs.supersede();
        findings.clear();
        handover.set(null);
        remark.set("");
        summarise();
    }

    /** Off the FX thread. Never throws for a topic source that cannot be read: the check needing it is left out. */
    static Examination compute(Checkpoint checkpoint, TopicChoice topic) {
        return compute(checkpoint, topic, Work.NONE);
    }

    /** Likewise, the doctor's checks reported to {@code work}, which may cancel them between two. */
    static Examination compute(Checkpoint checkpoint, TopicChoice topic, Work work) {
        List<Finding> found;
        String said = "";
        if (topic != null && (topic.isKafka() || !topic.files().isEmpty())) {
            List<Finding> withTopic;
            try (TopicSource source = topic.open(checkpoint, work)) {
                withTopic = Doctor.examine(checkpoint, Optional.of(source), work);
                said = "Topic offsets checked against " + topic.describe();
            } catch (java.util.concurrent.CancellationException e) {
                throw e;
            } catch (Exception e) {
                withTopic = null;
                said = "Topic offsets not checked (offsets-expired): cannot read " + topic.describe() + ": "
                        + e.getMessage();
            }
            found = withTopic != null ? withTopic : Doctor.examine(checkpoint, Optional.empty(), work);
        } else {
            found = Doctor.examine(checkpoint, Optional.empty(), work);
            said = "Topic offsets not checked (offsets-expired): no topic source chosen";
        }
        Handover handed;
        try {
            handed = Handover.of(checkpoint);
        } catch (RuntimeException e) {
            handed = null;
            said = said + "; no handover: " + e.getMessage();
        }
        return new Examination(found, handed, said);
    }

    private void show(Examination found) {
        findings.setAll(found.findings());
        handover.set(found.handover());
        remark.set(found.remark());
        summarise();
        published.set(published.get() + 1);
    }

    private void summarise() {
        long errors = count(Finding.Severity.ERROR);
        long warnings = count(Finding.Severity.WARNING);
        worst.set(errors > 0 ? Finding.Severity.ERROR : warnings > 0 ? Finding.Severity.WARNING
                : findings.isEmpty() ? null : Finding.Severity.INFO);
        String errorText = errors == 0 ? "" : errors + (errors == 1 ? " error" : " errors");
        String warningText = warnings == 0 ? "" : warnings + (warnings == 1 ? " warning" : " warnings");
        badgeText.set(errorText.isEmpty() ? warningText : warningText.isEmpty() ? errorText
                : errorText + " · " + warningText);
    }

    private long count(Finding.Severity severity) {
        return findings.stream().filter(finding -> finding.severity() == severity).count();
    }

    /** {@code scala} for a Scala job ({@code val } or {@code object } in it), else {@code python}. */
    public static String languageOf(String job) {
        return job != null && (job.contains("val ") || job.contains("object ")) ? "scala" : "python";
    }

    /** The header's badge asks for the Doctor tab; its controller brings it forward. */
    public void requestShow() {
        showRequests.set(showRequests.get() + 1);
    }

    public ObservableList<Finding> findings() {
        return FXCollections.unmodifiableObservableList(findings);
    }

    public ReadOnlyObjectProperty<Handover> handoverProperty() {
        return handover.getReadOnlyProperty();
    }

    /** The handover as code in the job's language; empty without a handover. */
    public StringBinding snippetProperty() {
        return snippet;
    }

    public String snippet() {
        return snippet.get();
    }

    /** {@code python} or {@code scala}: the language of the snippet. */
    public StringProperty languageProperty() {
        return language;
    }

    /** Whether the topic's offsets were checked, or why not. */
    public ReadOnlyStringProperty remarkProperty() {
        return remark.getReadOnlyProperty();
    }

    /** The worst severity found; null when nothing was found. */
    public ReadOnlyObjectProperty<Finding.Severity> worstProperty() {
        return worst.getReadOnlyProperty();
    }

    /** "1 error · 2 warnings"; empty when there is no error and no warning (the badge is hidden then). */
    public ReadOnlyStringProperty badgeTextProperty() {
        return badgeText.getReadOnlyProperty();
    }

    /** Counts finished runs: a test waits for it to grow. */
    public ReadOnlyIntegerProperty publishedProperty() {
        return published.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty showRequestsProperty() {
        return showRequests.getReadOnlyProperty();
    }
}
