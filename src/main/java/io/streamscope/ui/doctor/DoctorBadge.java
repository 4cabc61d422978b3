package io.streamscope.ui.doctor;

import io.streamscope.doctor.Finding;
import javafx.css.PseudoClass;
import javafx.scene.control.Button;

/** The header's doctor badge: "1 error · 2 warnings", hidden without an error or a warning, styled by the worst. */
public final class DoctorBadge {

    private DoctorBadge() {
    }

    public static void bind(Button badge, DoctorViewModel doctor) {
        badge.textProperty().bind(doctor.badgeTextProperty());
        badge.visibleProperty().bind(doctor.badgeTextProperty().isNotEmpty());
        badge.managedProperty().bind(badge.visibleProperty());
        doctor.worstProperty().addListener((property, old, worst) -> style(badge, worst));
        style(badge, doctor.worstProperty().get());
    }

    private static void style(Button badge, Finding.Severity worst) {
        for (Finding.Severity each : Finding.Severity.values()) {
            badge.pseudoClassStateChanged(PseudoClass.getPseudoClass(each.label()), each == worst);
        }
    }
}
