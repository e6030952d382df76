package seedc.driver;

/** Whether the compiled model may read its input scaled per feature (--input-shifts). */
public enum InputScaling { AUTO, NONE }
