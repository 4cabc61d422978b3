package io.streamscope.ui;

import io.streamscope.ui.replay.ReplayViewModel;
import io.streamscope.ui.replay.TopicDefaults;

import io.streamscope.ui.display.DisplayViewModel;
import io.streamscope.ui.inspector.BatchFilesViewModel;
import io.streamscope.ui.playback.PlaybackViewModel;
import io.streamscope.ui.query.QueryViewModel;
import io.streamscope.ui.recent.RecentFolders;
import io.streamscope.replay.ImpliedStateSchema;
import io.streamscope.ui.state.StateViewModel;
import io.streamscope.ui.timeline.TimelineBatch;
import io.streamscope.ui.timeline.TimelineData;
import io.streamscope.ui.timeline.TimelineViewModel;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * Every view model of one window, wired together: the opened checkpoint feeds the timeline, and the timeline's
 * selected batch drives the state panel and the inspector. No controls; FX thread only.
 */
public final class WindowModel {

    private final ActivityMonitor activity;
    private final CheckpointViewModel checkpoint;
    private final TimelineViewModel timeline = new TimelineViewModel();
    private final PlaybackViewModel playback = new PlaybackViewModel(timeline);
    private final DisplayViewModel display = new DisplayViewModel();
    private final QueryViewModel query = new QueryViewModel();
    private final StateViewModel state;
    private final BatchFilesViewModel batchFiles;
    private final RecentFolders recent;
    private final ReplayViewModel replay;

    public WindowModel(Executor background, RecentFolders recent) {
        this.activity = new ActivityMonitor(background);
        this.checkpoint = new CheckpointViewModel(activity);
        this.state = new StateViewModel(activity);
        this.batchFiles = new BatchFilesViewModel(activity);
        this.recent = recent;
        this.replay = new ReplayViewModel(activity);
        replay.queryProperty().bind(query.queryProperty());
        replay.schemaProperty().bind(query.schemaProperty());
        replay.modeProperty().bind(query.outputModeProperty());
        checkpoint.loadingProperty().addListener((property, was, loading) -> {
            if (loading) {
                playback.pause();
                timeline.setData(TimelineData.EMPTY);
                state.setCheckpoint(null);
                batchFiles.setCheckpoint(null);
                replay.checkpointProperty().set(null);
            }
        });
        checkpoint.loadedProperty().addListener((property, old, loaded) -> {
            if (loaded != null) {
                opened(loaded);
            } else if (!checkpoint.isLoading()) {
                timeline.setData(TimelineData.EMPTY); // a folder that could not be opened
            }
        });
        timeline.selectedBatchProperty().addListener((property, old, batch) -> selected(batch));
        replay.outcomeProperty().addListener((property, old, outcome) -> state.setImpliedSchemas(
                outcome == null || outcome.replay() == null ? Map.of()
                        : ImpliedStateSchema.forStoresWithoutSchema(outcome.replay().query(), outcome.request().checkpoint())));
    }

    public static WindowModel create(RecentFolders recent) {
        return new WindowModel(BackgroundTasks.shared(), recent);
    }

    private void opened(LoadedCheckpoint loaded) {
        state.setCheckpoint(loaded.checkpoint());
        batchFiles.setCheckpoint(loaded.checkpoint());
        query.applySidecar(loaded.sidecar());
        replay.topicProperty().set(TopicDefaults.choose(query, loaded));
        replay.checkpointProperty().set(loaded.checkpoint());
        timeline.setData(loaded.timeline()); // selects a batch, which the listener below hands on
        recent.add(loaded.checkpoint().path());
    }

    private void selected(TimelineBatch batch) {
        state.setBatch(batch == null ? null : batch.id());
        batchFiles.setBatch(batch);
        replay.selectedBatchProperty().set(batch == null ? null : batch.id());
    }

    /** Opens a folder in the background. */
    public void open(Path folder) {
        checkpoint.open(folder);
    }

    /** Applies the command line: mode, query and topic settings, presentation, the batch to select, the folder. */
    public void apply(LaunchArguments arguments) {
        query.pin(arguments.mode(), arguments.query(), arguments.schema(), arguments.topicFiles(),
                arguments.bootstrapServers(), arguments.topic(), arguments.commandConfig());
        arguments.batch().ifPresent(timeline::requestBatch);
        if (arguments.presentation()) {
            display.presentationProperty().set(true);
        }
        arguments.checkpoint().ifPresent(this::open);
    }

    public ActivityMonitor activity() {
        return activity;
    }

    public CheckpointViewModel checkpoint() {
        return checkpoint;
    }

    public TimelineViewModel timeline() {
        return timeline;
    }

    public PlaybackViewModel playback() {
        return playback;
    }

    public DisplayViewModel display() {
        return display;
    }

    public QueryViewModel query() {
        return query;
    }

    public StateViewModel state() {
        return state;
    }

    public BatchFilesViewModel batchFiles() {
        return batchFiles;
    }

    /** The query replayed over the open checkpoint, and the selected batch's step. */
    public ReplayViewModel replay() {
        return replay;
    }

    public RecentFolders recent() {
        return recent;
    }
}
