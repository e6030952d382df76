// report.html's page code: reads the JSON seedc wrote (seedc.report.html.ReportPage) and draws one ECharts chart per
// part that is present, with a short table beside it. Each chart's element gets data-drawn: how many of its data items
// the library drew a mark for (read back by seedc's test in headless chromium); the body gets data-charts and
// data-ready once every chart is drawn.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('seedc-data').textContent);
  var main = document.getElementById('charts');
  var charts = [];
  var BLUE = '#2f6fd6', ORANGE = '#e8891c', GREY = '#9aa3b2', RED = '#d33c3c', GREEN = '#2e9e5b';

  document.getElementById('library').textContent = 'ECharts ' + echarts.version;
  heading(data.heading);
  if (data.search) { searchChart(data.search); }
  if (data.demotion) { demotionChart(data.demotion); }
  if (data.ranges) { rangesChart(data.ranges); }
  if (data.ram) { ramChart(data.ram); }
  if (data.ops) { opsChart(data.ops); }
  if (data.fpga) { fpgaChart(data.fpga); }
  window.addEventListener('resize', function () { charts.forEach(function (c) { c.resize(); }); });
  document.body.setAttribute('data-charts', String(charts.length));
  document.body.setAttribute('data-ready', '1');

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  function num(x, digits) {
    if (x === null || x === undefined) { return '—'; }
    if (typeof x !== 'number') { return String(x); }
    if (digits !== undefined) { return x.toFixed(digits); }
    return Math.abs(x) >= 1e5 || (x !== 0 && Math.abs(x) < 1e-3) ? x.toPrecision(4) : String(+x.toPrecision(6));
  }

  /** A name for a tooltip, which ECharts writes as HTML. */
  function esc(s) {
    return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  }

  function heading(h) {
    var header = document.getElementById('heading');
    header.appendChild(el('h1', {}, 'seedc ' + h.command + ': ' + h.title));
    var dl = el('dl');
    h.facts.forEach(function (f) { dl.appendChild(el('dt', {}, f.label)); dl.appendChild(el('dd', {}, f.value)); });
    header.appendChild(dl);
  }

  /** A section with its title and how to read it, a chart element of {@code height} pixels and a table beside it. */
  function section(id, title, how, height, columns, rows, rowClass) {
    var s = el('section', {id: id});
    s.appendChild(el('h2', {}, title));
    s.appendChild(el('p', {'class': 'how'}, how));
    var row = el('div', {'class': 'row'});
    var chartEl = el('div', {'class': 'chart', id: id + '-chart'});
    chartEl.style.height = height + 'px';
    row.appendChild(chartEl);
    var side = el('div', {'class': 'side'});
    var table = el('table');
    var tr = el('tr');
    columns.forEach(function (c) { tr.appendChild(el('th', {}, c)); });
    table.appendChild(el('thead')).appendChild(tr);
    var body = table.appendChild(el('tbody'));
    rows.forEach(function (r, i) {
      var line = body.appendChild(el('tr', rowClass ? {'class': rowClass(i)} : {}));
      r.forEach(function (cell) { line.appendChild(el('td', {}, cell)); });
    });
    side.appendChild(table);
    row.appendChild(side);
    s.appendChild(row);
    main.appendChild(s);
    return chartEl;
  }

  /** Draws {@code option} into {@code chartEl} (SVG, no animation: the marks are final when this returns). */
  function draw(chartEl, option) {
    var chart = echarts.init(chartEl, null, {renderer: 'svg'});
    option.animation = false;
    option.textStyle = {fontFamily: 'system-ui, sans-serif'};
    chart.setOption(option);
    var drawn = 0, series = 0;
    chart.getModel().eachSeries(function (s) {
      series++;
      var d = s.getData();
      for (var i = 0; i < d.count(); i++) {
        if (d.getItemGraphicEl(i)) { drawn++; }
      }
    });
    chartEl.setAttribute('data-series', String(series));
    chartEl.setAttribute('data-drawn', String(drawn));
    charts.push(chart);
    return chart;
  }

  /** Percentages: a point or two around the data, never past 100. */
  function accuracyAxis() {
    return {type: 'value', name: 'accuracy %', min: function (v) { return Math.max(0, Math.floor(v.min - 1)); },
            max: function (v) { return Math.min(100, Math.ceil(v.max + 1)); }};
  }

  function pointTooltip(p) {
    var v = p.data;
    return esc(v[3]) + '<br>accuracy ' + num(v[1], 2) + '%<br>' + num(v[0]) + ' cycles<br>' + v[2] + ' bytes of parameters';
  }

  function searchChart(d) {
    var point = function (p) { return [p.cycles, p.accuracy, p.paramBytes, p.label]; };
    var rows = d.frontier.map(function (p) { return [p.label, num(p.accuracy, 2), num(p.cycles), String(p.paramBytes)]; });
    var chosenAt = d.chosen ? d.frontier.findIndex(function (p) {
      return p.cycles === d.chosen.cycles && p.accuracy === d.chosen.accuracy && p.paramBytes === d.chosen.paramBytes;
    }) : -1;
    var chartEl = section('search', 'Accuracy against cycles',
        'Each grey dot is a program the search ran while demoting values to fewer bits (stage IV), at its accuracy on ' +
        'the rows the search chose on and the cycles its model (' + d.cycleModel + ') estimates. The blue line joins ' +
        'the frontier: the programs no other beats on accuracy, cycles and flash together. The red star is the ' +
        'program seedc chose. Up and to the left is better.', 380,
        ['frontier program', 'accuracy %', 'cycles', 'param bytes'], rows,
        function (i) { return i === chosenAt ? 'chosen' : ''; });
    var series = [
      {name: 'evaluated', type: 'scatter', data: d.evaluated.map(point), symbolSize: 7, itemStyle: {color: GREY}},
      {name: 'frontier', type: 'line', step: 'end', data: d.frontier.map(point), symbolSize: 8, showAllSymbol: true,
       itemStyle: {color: BLUE}, lineStyle: {width: 1.5}}
    ];
    if (d.chosen) {
      series.push({name: 'chosen', type: 'scatter', data: [point(d.chosen)], symbol: 'path://M50 0 L61 35 L98 35 L68 57 ' +
          'L79 91 L50 70 L21 91 L32 57 L2 35 L39 35 Z', symbolSize: 20, itemStyle: {color: RED}, z: 5});
    }
    draw(chartEl, {
      tooltip: {trigger: 'item', formatter: pointTooltip},
      legend: {top: 0},
      grid: {left: 60, right: 24, top: 36, bottom: 48},
      xAxis: {type: 'value', name: 'modelled cycles', nameLocation: 'middle', nameGap: 28, scale: true},
      yAxis: accuracyAxis(),
      series: series
    });
  }

  function demotionChart(d) {
    var labels = d.steps.map(function (s) { return s.step + ' ' + s.value; });
    var rows = d.steps.map(function (s) {
      return [s.step + ' ' + s.value, s.verdict, num(s.accuracy, 2), num(s.cycles), String(s.paramBytes)];
    });
    var chartEl = section('demotion', 'Demotion curve',
        'Stage IV tries each value in turn at fewer bits, in the order of stage III (the value that costs the least ' +
        'accuracy first). A filled dot is a demotion that was kept, a hollow one a demotion that was undone (the ' +
        'table says why); a missing dot was refused without running. The dashed line is the modelled cycles after ' +
        'each step' + (d.cycleModel ? ' (' + d.cycleModel + ')' : '') + '.', 360,
        ['step', 'verdict', 'accuracy %', 'cycles', 'param bytes'], rows,
        function (i) { return d.steps[i].kept ? '' : 'refused'; });
    var accuracy = d.steps.map(function (s) {
      return s.accuracy === null || s.accuracy === undefined ? null
          : {value: s.accuracy, symbol: s.kept ? 'circle' : 'emptyCircle', itemStyle: {color: s.kept ? BLUE : GREY}};
    });
    var series = [{name: 'accuracy %', type: 'line', data: accuracy, symbolSize: 8, showAllSymbol: true,
                   itemStyle: {color: BLUE}, lineStyle: {color: BLUE}}];
    var yAxis = [accuracyAxis()];
    if (d.cycleModel) {
      series.push({name: 'cycles', type: 'line', yAxisIndex: 1, showAllSymbol: true, symbolSize: 5,
                   data: d.steps.map(function (s) { return s.cycles === undefined ? null : s.cycles; }),
                   itemStyle: {color: ORANGE}, lineStyle: {color: ORANGE, type: 'dashed'}});
      yAxis.push({type: 'value', name: 'cycles', scale: true, splitLine: {show: false}});
    }
    draw(chartEl, {
      tooltip: {trigger: 'axis'},
      legend: {top: 0},
      grid: {left: 60, right: 70, top: 36, bottom: 90},
      xAxis: {type: 'category', data: labels, axisLabel: {rotate: 40, interval: 0, fontSize: 10}},
      yAxis: yAxis,
      series: series
    });
  }

  function rangesChart(ranges) {
    // every range is drawn as a fraction of its type's largest magnitude, 2^(bits-1) / 2^scale, so that values of
    // any scale share one axis: the type's own range is then [-1, 1); a sound range past it may overflow
    var unit = function (r) { return -r.typeLo; };
    var rows = ranges.map(function (r) {
      var show = function (x) { return x ? '[' + num(x[0]) + ', ' + num(x[1]) + ']' : '—'; };
      return [r.value, r.bitwidth + ' bits, scale ' + r.scale, show([r.typeLo, r.typeHi]), show(r.profiled),
              r.sound ? show(r.sound) : (r.soundUnproven ? 'unproven' : '—')];
    });
    var chartEl = section('ranges', 'Ranges against types',
        'One row per value. The grey bar is the range of its type (bits and scale), the orange bar the range every ' +
        'input inside the declared input range can produce (the sound range), the blue bar the range the training ' +
        'set showed. All three are drawn as a fraction of the type\'s largest magnitude, so the grey bar is always ' +
        '[-1, 1): a blue bar far inside it wastes precision, an orange bar past it (red) may overflow on some input.',
        Math.max(160, 22 * ranges.length + 70),
        ['value', 'type', 'type range', 'profiled', 'sound'], rows);
    var LIMIT = 2;
    var clip = function (x) { return Math.max(-LIMIT, Math.min(LIMIT, x)); };
    draw(chartEl, {
      tooltip: {trigger: 'item', formatter: function (p) {
        var r = ranges[p.data[1]];
        return esc(r.value) + ' (' + r.bitwidth + ' bits, scale ' + r.scale + ')<br>type [' + num(r.typeLo) + ', ' +
            num(r.typeHi) + ']<br>profiled ' + (r.profiled ? '[' + num(r.profiled[0]) + ', ' + num(r.profiled[1]) + ']' : '—') +
            '<br>sound ' + (r.sound ? '[' + num(r.sound[0]) + ', ' + num(r.sound[1]) + ']' : esc(r.soundUnproven || '—'));
      }},
      grid: {left: 120, right: 24, top: 16, bottom: 40},
      xAxis: {type: 'value', min: -LIMIT, max: LIMIT, name: 'fraction of the type\'s magnitude', nameLocation: 'middle',
              nameGap: 26},
      yAxis: {type: 'category', inverse: true, data: ranges.map(function (r) { return r.value; }),
              axisLabel: {fontSize: 10}},
      series: [{name: 'ranges', type: 'custom', encode: {x: [0, 2], y: 1},
        data: ranges.map(function (r, i) { return [r.typeLo / unit(r), i, r.typeHi / unit(r)]; }),
        renderItem: function (params, api) {
          var i = api.value(1), r = ranges[i], band = api.size([0, 1])[1];
          var bar = function (range, height, color) {
            var lo = api.coord([clip(range[0] / unit(r)), i]), hi = api.coord([clip(range[1] / unit(r)), i]);
            return {type: 'rect', shape: {x: lo[0], y: lo[1] - height / 2, width: Math.max(2, hi[0] - lo[0]),
                    height: height}, style: {fill: color}};
          };
          var children = [bar([r.typeLo, r.typeHi], band * 0.7, '#dfe3ea')];
          if (r.sound) {
            var over = r.sound[0] < r.typeLo || r.sound[1] > r.typeHi;
            children.push(bar(r.sound, band * 0.42, over ? RED : ORANGE));
          }
          if (r.profiled) { children.push(bar(r.profiled, band * 0.18, BLUE)); }
          return {type: 'group', children: children};
        }}]
    });
  }

  function ramChart(d) {
    var rows = d.buffers.map(function (b) {
      return [b.value, String(b.offset), String(b.sizeBytes), b.firstUse + '–' + b.lastUse];
    });
    var chartEl = section('ram', 'RAM plan',
        'The program\'s one static buffer of ' + d.bufferBytes + ' bytes' + (d.deviceRamBytes ? ' (the device has ' +
        d.deviceRamBytes + ' bytes of RAM)' : '') + ' over its ' + d.instructions + ' instructions: each box is a ' +
        'value, from the instruction that writes it to the last that reads it (across) and at the bytes it occupies ' +
        '(up). Boxes that share bytes at different times are the plan reusing memory; a value that moves (defragmented) ' +
        'has one box per place.', 380, ['value', 'offset', 'bytes', 'instructions'], rows);
    var palette = [BLUE, ORANGE, GREEN, '#8a5cc7', '#c75c8a', '#3aa7b5', '#b59a3a', '#6b7a8f'];
    draw(chartEl, {
      tooltip: {trigger: 'item', formatter: function (p) {
        var b = d.buffers[p.dataIndex];
        return esc(b.value) + '<br>bytes ' + b.offset + '–' + (b.offset + b.sizeBytes - 1) + ' (' + b.sizeBytes +
            ')<br>instructions ' + b.firstUse + '–' + b.lastUse;
      }},
      grid: {left: 60, right: 24, top: 32, bottom: 48},
      xAxis: {type: 'value', min: 0, max: d.instructions, name: 'instruction', nameLocation: 'middle', nameGap: 28},
      yAxis: {type: 'value', min: 0, max: d.bufferBytes, name: 'byte offset'},
      series: [{name: 'buffers', type: 'custom', encode: {x: [0, 1], y: [2, 3]},
        data: d.buffers.map(function (b) { return [b.firstUse, b.lastUse + 1, b.offset, b.offset + b.sizeBytes]; }),
        renderItem: function (params, api) {
          var a = api.coord([api.value(0), api.value(3)]), b = api.coord([api.value(1), api.value(2)]);
          var w = Math.max(1, b[0] - a[0]), h = Math.max(1, b[1] - a[1]);
          var name = d.buffers[params.dataIndex].value;
          return {type: 'rect', shape: {x: a[0], y: a[1], width: w, height: h},
                  style: {fill: palette[params.dataIndex % palette.length], opacity: 0.8, stroke: '#fff', lineWidth: 1},
                  textContent: w > 7 * name.length && h > 12 ? {style: {text: name, fill: '#fff', fontSize: 10}} : undefined,
                  textConfig: {position: 'inside'}};
        }}]
    });
  }

  function opsChart(d) {
    var rows = d.ops.map(function (o) {
      return [o.op, o.kind, String(o.macs), num(o.measuredCycles, 0), num(o.modelledCycles, 0),
              o.macs > 0 ? num(o.measuredCycles / o.macs, 2) : '—'];
    });
    var chartEl = section('ops', 'Cycles per op (' + d.device + ')',
        'Each top-level op\'s cycles per inference, measured between profile marks on the device (blue) beside the ' +
        'cycle model\'s estimate (grey); the last bar is the call\'s own cycles. The whole inference took ' +
        num(d.measuredCycles, 0) + ' cycles (model: ' + num(d.modelledCycles, 0) + ').', 360,
        ['op', 'kind', 'MACs', 'measured', 'modelled', 'cycles/MAC'], rows);
    draw(chartEl, {
      tooltip: {trigger: 'axis'},
      legend: {top: 0},
      grid: {left: 70, right: 24, top: 36, bottom: 90},
      xAxis: {type: 'category', data: d.ops.map(function (o) { return o.op; }),
              axisLabel: {rotate: 40, interval: 0, fontSize: 10}},
      yAxis: {type: 'value', name: 'cycles'},
      series: [
        {name: 'measured', type: 'bar', data: d.ops.map(function (o) { return o.measuredCycles; }), itemStyle: {color: BLUE}},
        {name: 'modelled', type: 'bar', data: d.ops.map(function (o) { return o.modelledCycles; }), itemStyle: {color: GREY}}
      ]
    });
  }

  function fpgaChart(d) {
    var rows = d.nodes.map(function (n) {
      return [n.node, n.op, n.pf === undefined ? '—' : String(n.pf), String(n.lut), String(n.dsp), String(n.bram),
              String(n.cycles)];
    });
    var chartEl = section('fpga', 'FPGA design (' + d.device + ', ' + d.strategy + ')',
        'Each node of the dataflow graph with its estimated LUTs (left axis), DSP slices and block RAMs (the ' +
        'inner right axis) and cycles (the dashed line, outer right axis). The design: ' + d.lut + ' of ' +
        d.deviceLut + ' LUTs, ' + d.dsp + ' of ' + d.deviceDsp + ' DSPs, ' + d.bram + ' of ' + d.deviceBram +
        ' block RAMs, ' + d.estimatedCycles + ' cycles per inference. pf is the node\'s parallelism.', 380,
        ['node', 'op', 'pf', 'LUT', 'DSP', 'BRAM', 'cycles'], rows);
    var col = function (k) { return d.nodes.map(function (n) { return n[k]; }); };
    draw(chartEl, {
      tooltip: {trigger: 'axis'},
      legend: {top: 0},
      grid: {left: 60, right: 130, top: 40, bottom: 90},
      xAxis: {type: 'category', data: col('node'), axisLabel: {rotate: 40, interval: 0, fontSize: 10}},
      yAxis: [{type: 'value', name: 'LUT'}, {type: 'value', name: 'DSP, BRAM', minInterval: 1, splitLine: {show: false}},
              {type: 'value', name: 'cycles', offset: 60, splitLine: {show: false}}],
      series: [
        {name: 'LUT', type: 'bar', data: col('lut'), itemStyle: {color: BLUE}},
        {name: 'DSP', type: 'bar', yAxisIndex: 1, data: col('dsp'), itemStyle: {color: ORANGE}},
        {name: 'BRAM', type: 'bar', yAxisIndex: 1, data: col('bram'), itemStyle: {color: GREEN}},
        {name: 'cycles', type: 'line', yAxisIndex: 2, data: col('cycles'), showAllSymbol: true,
         itemStyle: {color: RED}, lineStyle: {type: 'dashed'}}
      ]
    });
  }
})();
